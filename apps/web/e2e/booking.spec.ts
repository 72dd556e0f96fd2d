/**
 * The agenda (/main/booking, seed 001 sections 2, 4, 5 and 8) on Taller Demo, a company in professional mode.
 * admin@taller.demo books at 16:00 on a day two weeks ahead no other spec reads, and removes the demo's e-mail
 * bookings, which only this spec shows.
 */
import { addDays, formatDay, todayIn, weekdayOf } from "@taller/core";
import { chileanHolidays } from "@taller/db/seed";
import { expect, type Page, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { bookFirstFreeTime } from "./forms";

const today = todayIn("America/Santiago");
const holidays = new Set(
  [...chileanHolidays(Number(today.slice(0, 4))), ...chileanHolidays(Number(today.slice(0, 4)) + 1)].map((h) => h.date),
);
/** The first Monday-to-Friday working day at least `n` days after `from` (today by default). */
function workday(n: number, from = today): string {
  let day = addDays(from, n);
  while (weekdayOf(day) > 5 || holidays.has(day)) day = addDays(day, 1);
  return day;
}
const nextHoliday = [...holidays].sort().find((d) => d > today && weekdayOf(d) < 7)!;

async function openAgenda(page: Page, date?: string) {
  await loginToShell(page, "admin@taller.demo", date ? `/main/booking?date=${date}` : "/main/booking");
}

test("month to day and back, with the date and the month in the URL", async ({ page }) => {
  await openAgenda(page);
  const month = new Intl.DateTimeFormat("es-ES", { month: "long", timeZone: "UTC" }).format(
    new Date(`${today}T12:00:00Z`),
  );
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(month, "i") })).toBeVisible();
  await expect(page.getByRole("list", { name: "Leyenda" }).getByText("Sin confirmar")).toBeVisible();
  await expect(page.getByRole("button", { name: "Volver al mes" })).toHaveCount(0);
  const day = workday(1);
  await page.locator(`[data-day="${day}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/main/booking\\?date=${day}$`));
  await expect(
    page.getByRole("heading", { level: 2, name: new RegExp(`^\\w+, ${Number(day.slice(8))} de`) }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Agendar \d\d:\d\d/ }).first()).toBeVisible();
  await screenshot(page, "agenda-day");
  await page.getByRole("button", { name: "Volver al mes" }).click();
  // Back to the day's month, which the URL keeps (a reload shows it again).
  await expect(page).toHaveURL(new RegExp(`/main/booking\\?month=${day.slice(0, 7)}$`));
  await expect(page.getByRole("heading", { level: 2, name: new RegExp(month, "i") })).toBeVisible();
});

test("a slot books, and the booking shows in its place", async ({ page }) => {
  const day = workday(12);
  await openAgenda(page, day);
  const slot = page.getByRole("button", { name: /^Agendar 16:00 con / }).first();
  await expect(slot).toBeVisible();
  const professional = (await slot.getAttribute("aria-label"))!.replace("Agendar 16:00 con ", "");
  await slot.click();
  const dialog = page.getByRole("dialog", { name: "Agendar" });
  await expect(dialog.getByLabel("Fecha")).toHaveValue(formatDay(day));
  await expect(dialog.getByRole("combobox", { name: "Hora" })).toHaveText(/16:00/);
  await expect(dialog.getByRole("combobox", { name: "Profesional" })).toHaveText(professional);
  await dialog.getByRole("button", { name: "Agendar" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("button", { name: /^Reserva 16:00 Sin cliente, Sin confirmar$/ });
  await expect(card.first()).toBeVisible();
  await card.first().click();
  const detail = page.getByRole("dialog", { name: "Reserva" });
  await expect(detail.getByText("Sin rut")).toBeVisible();
  await detail.getByRole("button", { name: "Confirmar" }).click();
  await expect(detail.getByText("Confirmado")).toBeVisible();
  await detail.getByRole("button", { name: "Cerrar" }).click();
  await expect(page.getByRole("button", { name: /^Reserva 16:00 Sin cliente, Confirmado$/ }).first()).toBeVisible();
});

test("a holiday's slots are locked and nothing can be added", async ({ page }) => {
  await openAgenda(page, nextHoliday);
  await expect(page.getByText(/^Feriado: /)).toBeVisible();
  await expect(page.getByRole("img", { name: /no disponible$/ }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Agendar \d/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Agregar reserva" })).toHaveCount(0);
});

test("blocking an hour shows at once and goes back when the call fails", async ({ page }) => {
  await openAgenda(page, workday(13));
  const toggle = page.getByRole("button", { name: /^Bloquear 16:00 con / }).first();
  await expect(toggle).toBeVisible();
  const who = (await toggle.getAttribute("aria-label"))!.replace("Bloquear ", "");
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/trpc/booking.toggleBlock*", async (route) => {
    await answered;
    await route.fulfill({ status: 500, contentType: "application/json", body: "[]" });
  });
  await toggle.click();
  const unblock = page.getByRole("button", { name: `Desbloquear ${who}` });
  await expect(unblock).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: `Agendar ${who}` })).toHaveCount(0);
  release();
  await expect(page.getByRole("button", { name: `Bloquear ${who}` })).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: `Agendar ${who}` })).toBeVisible();
});

test("the e-mail bookings dialog marks them read, books one from its mail, and closes when the last is removed", async ({
  page,
}) => {
  await openAgenda(page);
  const counter = page.getByRole("button", { name: /^Agendamientos por correo: \d+$/ });
  await expect(counter).not.toHaveAccessibleName("Agendamientos por correo: 0");
  const count = Number((await counter.getAttribute("aria-label"))!.split(": ")[1]);
  const marked = page.waitForRequest("**/trpc/booking.externalMails.markRead*");
  await counter.click();
  const dialog = page.getByRole("dialog", { name: "Agendamientos por correo" });
  await expect(dialog.getByRole("listitem")).toHaveCount(count);
  // Opening it marks what it lists as read (the demo has an unread mail).
  await marked;
  await expect(dialog.getByText("No leído")).toHaveCount(0);
  await expect(dialog.getByText("Leído", { exact: true })).toHaveCount(count);
  await screenshot(page, "agenda-mails");

  // 'Agendar' on a mail opens the agenda's booking form with the mail's data; the booking marks the mail booked.
  const carla = dialog.getByRole("listitem").filter({ hasText: "Carla Correo" });
  await expect(carla.getByText("Sin agendar")).toBeVisible();
  await carla.getByRole("button", { name: "Agendar" }).click();
  const form = page.getByRole("dialog", { name: "Agendar correo de Carla Correo" });
  await expect(form.getByLabel("Comentario")).toHaveValue(/^Agendamiento por correo/);
  await form.getByLabel("Fecha").fill(formatDay(workday(13)));
  await bookFirstFreeTime(page, form);
  await expect(carla.getByText("Agendado", { exact: true })).toBeVisible();
  await expect(carla.getByRole("link", { name: /^Reserva / })).toBeVisible();
  await screenshot(page, "agenda-mail-booked");
  for (let left = count; left > 0; left--) {
    await expect(dialog.getByRole("listitem")).toHaveCount(left);
    await dialog.getByRole("button", { name: "Eliminar" }).first().click();
  }
  await expect(dialog).toBeHidden();
  await expect(counter).toHaveAccessibleName("Agendamientos por correo: 0");
});

test("a booking moves from its detail and shows on its new day; 'Recepcionar' creates its order and links it", async ({
  page,
}) => {
  // Books, moves, receives: longer than one screen's test on a loaded machine.
  test.setTimeout(120_000);
  // Two different days whatever today is (20 and 22 days ahead can be the same Monday).
  const from = workday(20);
  const to = workday(2, from);
  await openAgenda(page, from);
  const slot = page.getByRole("button", { name: /^Agendar 16:00 con / }).first();
  await slot.click();
  const form = page.getByRole("dialog", { name: "Agendar" });
  await form.getByRole("button", { name: "Agendar" }).click();
  await expect(form).toBeHidden();
  await page
    .getByRole("button", { name: /^Reserva 16:00 Sin cliente, Sin confirmar$/ })
    .first()
    .click();
  const detail = page.getByRole("dialog", { name: "Reserva" });

  // 'Reagendar': a new day and the first hour offered for this professional.
  await detail.getByRole("button", { name: "Reagendar" }).click();
  const hours = page.waitForResponse((r) => r.url().includes("booking.freeSlots") && r.url().includes(to) && r.ok());
  await detail.getByLabel("Nueva fecha").fill(formatDay(to));
  await hours;
  await detail.getByRole("combobox", { name: "Nueva hora" }).click();
  const hour = page.getByRole("option").first();
  const time = (await hour.textContent())!.trim();
  await hour.click();
  await detail.getByRole("button", { name: "Reagendar" }).click();
  await expect(page.getByText("Reserva reagendada", { exact: true })).toBeVisible();
  // The old booking says where it went.
  await expect(detail.getByText("Reagendado", { exact: true })).toBeVisible();

  // The new booking, on its new day and time.
  await detail.getByRole("link", { name: "Ver nueva reserva" }).click();
  const page2 = page.locator(".booking-page");
  await expect(page2.getByRole("heading", { level: 2 })).toContainText(time);
  await expect(page2.getByRole("link", { name: "Ver reserva anterior" })).toBeVisible();
  // 'Recepcionar': the order is created, linked from the booking, and opens.
  await page2.getByRole("button", { name: "Recepcionar" }).click();
  const orderLink = page2.getByRole("link", { name: /^Orden #\d+$/ });
  await expect(orderLink).toBeVisible();
  await expect(page2.getByText("Ingresado", { exact: true })).toBeVisible();
  const number = (await orderLink.textContent())!.replace("Orden #", "");
  await page.goto("/main/orders");
  await expect(page.getByText(`#${number}`, { exact: true }).first()).toBeVisible();
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the legend moves into a help dialog, and the day fits the width", async ({ page }) => {
    await openAgenda(page);
    await expect(page.getByRole("list", { name: "Leyenda" })).toHaveCount(0);
    await page.getByRole("button", { name: "Leyenda" }).click();
    await expect(page.getByRole("dialog", { name: "Leyenda" }).getByText("Reagendado")).toBeVisible();
    await page.getByRole("button", { name: "Cerrar" }).click();
    await page
      .locator(`[data-day="${workday(1)}"]`)
      .first()
      .click();
    await expect(page.getByRole("button", { name: /^Agendar \d\d:\d\d/ }).first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await screenshot(page, "agenda-day-390");
  });
});
