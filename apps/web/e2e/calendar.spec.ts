/**
 * The production and events calendar (/main/calendar, seed 000 sections 2.4 and 4): delivery colours and the day's
 * sums, month -> day -> back, the remembered type, and creating an event. Reads as admin@taller.demo; the one
 * write is a new event with a name of its own, which no other spec looks at.
 */
import { daySums, deliveryDisplay, formatMoney, type DeliveryDates } from "@taller/core";
import { expect, type Page, type Response, test } from "@playwright/test";
import { loginToShell } from "./fixtures";

type RangeAnswer = { deliveries: (DeliveryDates & { order_total: number })[]; events: { name: string }[] };

/** The answer of calendar.range inside a (possibly batched) /trpc response. */
async function rangeAnswer(response: Response): Promise<RangeAnswer> {
  const procedures = (/\/trpc\/([^?]+)/.exec(response.url())?.[1] ?? "").split(",");
  const body = (await response.json()) as
    { result: { data: { json: RangeAnswer } } }[] | { result: { data: { json: RangeAnswer } } };
  const results = Array.isArray(body) ? body : [body];
  const index = procedures.findIndex((name) => name === "calendar.range" || name === "calendar.month");
  return (results[index] ?? results[0])!.result.data.json;
}

const rangeResponse = (page: Page) => page.waitForResponse((r) => /calendar\.(?:range|month)/.test(r.url()) && r.ok());

async function openCalendar(page: Page) {
  await loginToShell(page, "admin@taller.demo");
  await page.evaluate(() => localStorage.removeItem("calendar_type"));
  const answered = rangeResponse(page);
  await page.goto("/main/calendar");
  const answer = await rangeAnswer(await answered);
  await expect(page.getByRole("grid")).toBeVisible();
  return answer;
}

async function chooseType(page: Page, label: "Producción" | "Eventos") {
  await page.getByRole("button", { name: /^Calendario: / }).click();
  await page.getByRole("menuitemcheckbox", { name: label }).click();
  await expect(page.getByRole("button", { name: `Calendario: ${label}` })).toBeVisible();
}

test("deliveries show every state in its colour, and a day adds up 'Facturado' and 'Producción'", async ({ page }) => {
  const answer = await openCalendar(page);
  await expect(page.getByRole("button", { name: "Calendario: Producción" })).toBeVisible();
  const colours: [string, string][] = [
    ["Finalización agendada", "rgb(97, 97, 97)"],
    ["Finalizado a tiempo", "rgb(46, 125, 50)"],
    ["Finalizado atrasado", "rgb(180, 83, 9)"],
    ["Finalizado antes", "rgb(21, 101, 192)"],
    ["Finalizado", "rgb(46, 125, 50)"],
    ["Entregado", "rgb(46, 125, 50)"],
  ];
  for (const [state, colour] of colours) {
    const chip = page.locator(`.calendar-chip[data-state="${state}"]`).first();
    await expect(chip, state).toBeAttached();
    await expect(chip).toHaveCSS("background-color", colour);
  }

  // The day of the late delivery: its sums are the day's deliveries' totals, computed here from the answer.
  const late = page.locator('.calendar-cell:has(.calendar-chip[data-state="Finalizado atrasado"])').first();
  const day = (await late.getAttribute("data-date"))!;
  const ofDay = answer.deliveries.filter((d) => deliveryDisplay(d)?.date === day);
  const sums = daySums(ofDay.map((d) => ({ total: d.order_total, ended: d.ended_at !== null })));
  await late.getByRole("button").click();
  await expect(page.getByTestId("calendar-billed")).toHaveText(formatMoney(sums.billed));
  await expect(page.getByTestId("calendar-production")).toHaveText(formatMoney(sums.production));
  await expect(page.locator(".calendar-day .calendar-item")).toHaveCount(ofDay.length);
});

test("month -> day -> back; a holiday does not open", async ({ page }) => {
  await openCalendar(page);
  const cell = page.locator(".calendar-cell:not(.calendar-cell-holiday)").nth(10);
  const day = (await cell.getAttribute("data-date"))!;
  await cell.getByRole("button").click();
  await expect(page.locator(`.calendar-day[data-date="${day}"]`)).toBeVisible();
  await expect(page.getByRole("grid")).toHaveCount(0);
  await page.getByRole("button", { name: "Volver al mes" }).click();
  await expect(page.getByRole("grid")).toBeVisible();

  // September has Chile's national holidays on the 18th and 19th (the seed's holidays are this year's).
  const now = new Date();
  const months = 9 - (now.getMonth() + 1);
  for (let i = 0; i < Math.abs(months); i++)
    await page.getByRole("button", { name: months < 0 ? "Anterior" : "Siguiente" }).click();
  const year = now.getFullYear();
  const holiday = page.locator(`.calendar-cell[data-date="${year}-09-18"]`);
  await expect(holiday).toHaveClass(/calendar-cell-holiday/);
  await expect(holiday.getByRole("button")).toBeDisabled();
});

test("the period shown lives in the URL: Back from an order returns to its day, a reload keeps the month", async ({
  page,
}) => {
  await openCalendar(page);
  // A day with a delivery, in its day view; its order opens as a page.
  const cell = page.locator(".calendar-cell:has(.calendar-chip)").first();
  const day = (await cell.getAttribute("data-date"))!;
  await cell.getByRole("button").click();
  await expect(page).toHaveURL(new RegExp(`/main/calendar\\?date=${day}&view=day$`));
  await page.locator(".calendar-day .calendar-item").first().click();
  await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
  await page.goBack();
  await expect(page.locator(`.calendar-day[data-date="${day}"]`)).toBeVisible();

  // Back in the month, a month earlier: a reload shows that month again.
  await page.getByRole("button", { name: "Volver al mes" }).click();
  await page.getByRole("button", { name: "Anterior" }).click();
  const title = await page.locator(".calendar-title").textContent();
  await expect(page).toHaveURL(/view=month/);
  await page.reload();
  await expect(page.getByRole("grid")).toBeVisible();
  await expect(page.locator(".calendar-title")).toHaveText(title!);
});

test("the type menu switches to 'Eventos' and is remembered", async ({ page }) => {
  await openCalendar(page);
  await chooseType(page, "Eventos");
  await expect(page.locator('.calendar-chip[data-state="Evento"]').first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("calendar_type"))).toBe("events");
  await page.reload();
  await expect(page.getByRole("button", { name: "Calendario: Eventos" })).toBeVisible();
  await expect(page.getByRole("grid").getByText("Capacitación de frenos").first()).toBeVisible();
});

test("creating an event: Spanish errors, then it shows on its day", async ({ page }) => {
  await openCalendar(page);
  await page.getByRole("button", { name: "Nuevo evento" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo evento" });
  await dialog.getByLabel("Nombre").fill("");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog.getByText("Ingresa un nombre")).toBeVisible();

  const name = `Reunión e2e ${Date.now() % 100_000}`;
  await dialog.getByLabel("Nombre").fill(name);
  await dialog.getByLabel("Hora", { exact: true }).fill("10:30");
  await dialog.getByLabel("Duración (horas)").fill("1.5");
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toHaveCount(0);

  await chooseType(page, "Eventos");
  await page.getByRole("button", { name: "Día", exact: true }).click();
  const item = page.locator(".calendar-day .calendar-item", { hasText: name });
  await expect(item).toContainText("10:30");

  // Opening it edits it.
  await item.click();
  await expect(page.getByRole("dialog", { name: "Editar evento" }).getByLabel("Nombre")).toHaveValue(name);
});

test("the search finds an event and opens it", async ({ page }) => {
  await openCalendar(page);
  await page.getByLabel("Buscar en el calendario").fill("capacitación");
  const result = page.getByRole("list", { name: "Resultados" }).getByRole("button", { name: /Capacitación de frenos/ });
  await result.click();
  await expect(page.getByRole("dialog", { name: "Editar evento" }).getByLabel("Nombre")).toHaveValue(
    "Capacitación de frenos",
  );
});

test("an event created in one browser shows on another open calendar without reloading", async ({ page, browser }) => {
  const other = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: "es-CL",
    timezoneId: "America/Santiago",
  });
  const watcher = await other.newPage();
  try {
    await openCalendar(watcher);
    await chooseType(watcher, "Eventos");
    await watcher.getByRole("button", { name: "Día", exact: true }).click();

    await openCalendar(page);
    const name = `En vivo ${Date.now() % 100_000}`;
    await page.getByRole("button", { name: "Nuevo evento" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo evento" });
    await dialog.getByLabel("Nombre").fill(name);
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toHaveCount(0);

    await expect(watcher.locator(".calendar-day .calendar-item", { hasText: name })).toBeVisible();
  } finally {
    await other.close();
  }
});

test("an event gets an order by its number and turns the order's colour; then it is deleted after a confirmation", async ({
  page,
}) => {
  await openCalendar(page);
  const name = `Con orden ${Date.now() % 100_000}`;
  await page.getByRole("button", { name: "Nuevo evento" }).click();
  const created = page.getByRole("dialog", { name: "Nuevo evento" });
  await created.getByLabel("Nombre").fill(name);
  await created.getByRole("button", { name: "Guardar" }).click();
  await expect(created).toHaveCount(0);
  await chooseType(page, "Eventos");
  await page.getByRole("button", { name: "Día", exact: true }).click();
  const item = page.locator(".calendar-day .calendar-item", { hasText: name });
  // Purple without an order.
  await expect(item).toHaveCSS("border-inline-start-color", "rgb(106, 27, 154)");

  await item.click();
  const dialog = page.getByRole("dialog", { name: "Editar evento" });
  await dialog.getByLabel("Vincular orden (N°)").fill("#1");
  const options = dialog.getByRole("list", { name: "Órdenes de Trabajo encontradas" }).getByRole("button");
  await expect(options.first()).toBeVisible();
  const label = (await options.first().textContent())!;
  const number = /^Orden #(\d+)/.exec(label)![1]!;
  await options.first().click();
  await expect(dialog.getByRole("group", { name: "Orden vinculada" })).toContainText(`Orden #${number}`);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toHaveCount(0);
  // Teal once attached, with the order's status and total.
  await expect(item).toHaveCSS("border-inline-start-color", "rgb(0, 105, 92)");
  await expect(item.locator(".calendar-item-total")).toBeVisible();

  await item.click();
  await expect(dialog.getByRole("group", { name: "Orden vinculada" })).toContainText(`Orden #${number}`);
  await dialog.getByRole("button", { name: "Eliminar" }).click();
  const confirm = page.getByRole("dialog", { name: "Eliminar evento" });
  await expect(confirm).toContainText(`¿Eliminar el evento «${name}»?`);
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toHaveCount(0);
  await dialog.getByRole("button", { name: "Eliminar" }).click();
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toHaveCount(0);
});
