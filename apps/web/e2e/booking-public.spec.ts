/**
 * The client's booking page without login (seed 000 sections 2.5, 4, 5; seed 001 'CRM booking page'), opened with
 * the demo CRM cases' links: Taller Demo books per professional, Otro Taller by capacity. These two cases belong to
 * this spec (it books them); layout.spec.ts only reads their pages.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { addDays, BOOKING_ERRORS, formatDay, todayIn } from "@taller/core";
import { expect, type APIRequestContext, type Page, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { startServer } from "./server";

const PROFESSIONAL_TOKEN = "demo-crm-taller-demo";
const CAPACITY_TOKEN = "demo-crm-otro-demo";
const REJECTED = "No se puede mostrar el contenido de esta página en un iframe.";

/** A query through /trpc as the page makes it (superjson envelope). */
async function query<T>(request: APIRequestContext, path: string, input: unknown): Promise<T> {
  const res = await request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`);
  expect(res.ok(), `${path}: ${res.status()}`).toBe(true);
  return ((await res.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** Free hours of every day from tomorrow for three weeks, as the page's search answers them. */
async function freeDays(request: APIRequestContext, token: string, userId: number | null) {
  const from = addDays(todayIn(), 1);
  const answer = await query<{ days: Record<string, string[]> }>(request, "booking.public.freeSlots", {
    token,
    booking_date: from,
    to_date: addDays(from, 20),
    user_id: userId,
  });
  return Object.entries(answer.days).filter(([, hours]) => hours.length > 0);
}

async function pickDay(page: Page, day: string) {
  await page.getByLabel("Fecha", { exact: true }).click();
  const cell = page.locator(`[data-day="${day}"]`);
  for (let i = 0; i < 3 && !(await cell.isVisible()); i++)
    await page.getByRole("button", { name: "Mes siguiente" }).click();
  await cell.click();
  await expect(cell).toBeHidden();
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The booking id in a batched answer of booking.public.create. */
const idOf = (answer: string) =>
  (JSON.parse(answer) as [{ result: { data: { json: { id: number } } } }])[0].result.data.json.id;

const summary = (page: Page, label: string) =>
  page
    .getByRole("complementary")
    .locator("div", { has: page.getByText(label, { exact: true }) })
    .locator("dd");

test.describe.configure({ mode: "serial" });

test("professional mode: from the link to 'Cita agendada', and a time that disappears when the date changes", async ({
  page,
  request,
}) => {
  await page.goto(`/client/booking?crm_token=${PROFESSIONAL_TOKEN}`);
  await expect(page.getByRole("heading", { level: 1, name: "Programa tu Diagnóstico" })).toBeVisible();
  const agendar = page.getByRole("button", { name: "Agendar" });
  await expect(agendar).toBeDisabled();
  // Never silently disabled: the first thing missing shows beside it.
  await expect(agendar).toHaveAccessibleDescription(BOOKING_ERRORS.professionalRequired);
  await expect(summary(page, "Profesional")).toHaveText("Sin especificar");
  await expect(summary(page, "Fecha y hora")).toHaveText("Pendiente");
  await expect(summary(page, "Comentario")).toHaveText("Sin especificar");

  // The professionals the server offers for the case's requirement; hours wait for one.
  const professionals = await query<{ id: number; name: string }[]>(request, "booking.public.professionals", {
    token: PROFESSIONAL_TOKEN,
  });
  const professional = professionals[0]!;
  await expect(page.getByLabel("Hora", { exact: true })).toContainText("Elige primero una fecha");

  // Two days where some hour of the first is not offered on the second (a shorter Saturday, a block, a booking).
  const days = await freeDays(request, PROFESSIONAL_TOKEN, professional.id);
  const pair = days.flatMap(([d1, h1]) =>
    days.flatMap(([d2, h2]) => (d1 === d2 ? [] : h1.filter((h) => !h2.includes(h)).map((h) => ({ d1, d2, h, h2 })))),
  )[0];
  expect(pair, "two days whose hours differ").toBeDefined();
  const { d1, d2, h, h2 } = pair!;

  await pickOption(page, "Profesional", professional.name);
  await expect(summary(page, "Profesional")).toHaveText(professional.name);
  await pickDay(page, d1);
  await pickOption(page, "Hora", h);
  await expect(summary(page, "Fecha y hora")).toHaveText(`${formatDay(d1)} ${h}`);
  await expect(agendar).toBeEnabled();

  // Another day without that hour: the time is cleared and marked invalid.
  await pickDay(page, d2);
  await expect(page.getByRole("alert").filter({ hasText: "La hora ya no está disponible" })).toBeVisible();
  await expect(page.getByLabel("Hora", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(summary(page, "Fecha y hora")).toHaveText("Pendiente");
  await expect(agendar).toBeDisabled();
  await screenshot(page, "time-cleared");

  // A day the location does not work or a day before tomorrow cannot be picked.
  await page.getByLabel("Fecha", { exact: true }).click();
  // The picker opens on the chosen date's month: near a month's end that is the next one.
  const todayCell = page.locator(`[data-day="${todayIn()}"]`);
  if ((await todayCell.count()) === 0) await page.getByRole("button", { name: "Mes anterior" }).click();
  await expect(todayCell).toHaveAttribute("title", "Fecha no disponible");
  await page.keyboard.press("Escape");

  await pickOption(page, "Hora", h2[0]!);
  await page.getByLabel("Comentario").fill("Ruido al frenar");
  await expect(summary(page, "Comentario")).toHaveText("Ruido al frenar");
  // A double click books once: whatever reaches the server carries one key and answers one booking.
  const answers: Promise<number>[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/trpc/booking.public.create")) answers.push(r.text().then(idOf));
  });
  await agendar.dblclick();
  const booked = page.getByRole("dialog", { name: "Cita agendada" });
  await expect(booked).toBeVisible();
  expect(answers.length).toBeGreaterThan(0);
  expect(new Set(await Promise.all(answers)).size).toBe(1);
  await expect(booked).toContainText(`${formatDay(d2)} a las ${h2[0]}`);
  await screenshot(page, "booked");
  await booked.getByRole("button", { name: "Aceptar" }).click();
  // The link now shows its booking; booking again moves it (one live booking per link).
  await expect(
    page.getByRole("status").filter({ hasText: `Ya tienes una cita agendada para el ${formatDay(d2)} a las ${h2[0]}` }),
  ).toBeVisible();
});

test("capacity mode: no professional; server field errors marked; a retry after a lost answer books once, and booking again moves the booking", async ({
  page,
  request,
}) => {
  await page.goto(`/client/booking?crm_token=${CAPACITY_TOKEN}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Programa tu / })).toBeVisible();
  await expect(page.getByLabel("Fecha", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Profesional", { exact: true })).toHaveCount(0);
  await expect(summary(page, "Profesional")).toHaveText("Sin especificar");

  const [[day, hours], [later, laterHours]] = (await freeDays(request, CAPACITY_TOKEN, null)) as [
    [string, string[]],
    [string, string[]],
  ];
  await pickDay(page, day);
  await pickOption(page, "Hora", hours[0]!);

  // The server's field errors mark their fields: a request rewritten to today gets the server's 'Fecha no disponible'.
  await page.route("**/trpc/booking.public.create*", (route) => {
    const body = route.request().postDataJSON() as Record<string, { json: Record<string, unknown> }>;
    body["0"]!.json.booking_date = todayIn();
    return route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole("button", { name: "Agendar" }).click();
  // The spec's '¡OOPS!' snackbar names the refused field.
  await expect(page.getByText("¡OOPS! Fecha: Fecha no disponible", { exact: true })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Fecha no disponible" }).first()).toBeVisible();
  await expect(page.getByLabel("Fecha", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await page.unroute("**/trpc/booking.public.create*");
  await pickDay(page, day);
  await expect(page.getByLabel("Fecha", { exact: true })).not.toHaveAttribute("aria-invalid", "true");

  // A server failure: the same snackbar, with 'Error desconocido' (seed 001 section 8).
  await page.route("**/trpc/booking.public.create*", (route) => route.fulfill({ status: 500, body: "fallo" }));
  await page.getByRole("button", { name: "Agendar" }).click();
  await expect(page.getByText("¡OOPS! Error desconocido", { exact: true })).toBeVisible();
  await page.unroute("**/trpc/booking.public.create*");

  // The first 'Agendar' reaches the server, but its answer is lost: the page says so and keeps the attempt's key.
  const keys: string[] = [];
  let firstAnswer = "";
  await page.route("**/trpc/booking.public.create*", async (route) => {
    keys.push(
      (route.request().postDataJSON() as Record<string, { json: { idempotency_key: string } }>)["0"]!.json
        .idempotency_key,
    );
    if (keys.length > 1) return route.continue();
    firstAnswer = await (await route.fetch()).text();
    await route.abort("connectionreset");
  });
  const agendar = page.getByRole("button", { name: "Agendar" });
  await agendar.click();
  await expect(page.getByRole("alert").filter({ hasText: "No pudimos comunicarnos con el taller" })).toBeVisible();
  const retried = page.waitForResponse("**/trpc/booking.public.create*");
  await agendar.click();
  const secondAnswer = await (await retried).text();
  await expect(page.getByRole("dialog", { name: "Cita agendada" })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(idOf(secondAnswer)).toBe(idOf(firstAnswer));
  await page.getByRole("button", { name: "Aceptar" }).click();
  const current = await query<{ booking: { id: number } | null }>(request, "booking.public.get", {
    token: CAPACITY_TOKEN,
  });
  expect(current.booking?.id).toBe(idOf(firstAnswer));

  // Booking again with the same link moves the booking: the page shows the new one.
  await page.unroute("**/trpc/booking.public.create*");
  await pickDay(page, later);
  await pickOption(page, "Hora", laterHours[0]!);
  await agendar.click();
  await page.getByRole("dialog", { name: "Cita agendada" }).getByRole("button", { name: "Aceptar" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: `Ya tienes una cita agendada para el ${formatDay(later)} a las ${laterHours[0]}` }),
  ).toBeVisible();
  const moved = await query<{ booking: { id: number } | null }>(request, "booking.public.get", {
    token: CAPACITY_TOKEN,
  });
  expect(moved.booking?.id).not.toBe(idOf(firstAnswer));
});

test("'Adicionales': pick add-ons, see the consumption inventory, book; the agenda's booking shows them at the catalogue's prices", async ({
  page,
  request,
}) => {
  await page.goto(`/client/booking?crm_token=${PROFESSIONAL_TOKEN}`);
  await expect(page.getByRole("heading", { level: 1, name: "Programa tu Diagnóstico" })).toBeVisible();

  // The summary's read-only consumption inventory: what a 'Diagnóstico' uses.
  const consumption = page.getByRole("complementary").getByRole("table");
  await expect(page.getByRole("heading", { name: "Inventario de consumo" })).toBeVisible();
  await expect(consumption.getByRole("row", { name: /Limpiador de contactos eléctricos LIM-CON 1/ })).toBeVisible();
  await expect(summary(page, "Adicionales")).toHaveText("Sin especificar");

  // A wash (one at most) and two pairs of wipers.
  const addWash = page.getByRole("button", { name: "Agregar Lavado exterior" });
  await addWash.click();
  await expect(addWash).toBeDisabled();
  const addWipers = page.getByRole("button", { name: "Agregar Plumillas limpiaparabrisas (par)" });
  await addWipers.click();
  await addWipers.click();
  await page.getByRole("button", { name: "Quitar Plumillas limpiaparabrisas (par)" }).click();
  await addWipers.click();
  await expect(summary(page, "Adicionales")).toContainText("1 × Lavado exterior");
  await expect(summary(page, "Adicionales")).toContainText("2 × Plumillas limpiaparabrisas (par)");
  await expect(summary(page, "Adicionales")).toContainText("Total adicionales $32.980");
  await screenshot(page, "addons");

  const professionals = await query<{ id: number; name: string }[]>(request, "booking.public.professionals", {
    token: PROFESSIONAL_TOKEN,
  });
  const professional = professionals[0]!;
  const [[day, hours]] = (await freeDays(request, PROFESSIONAL_TOKEN, professional.id)).slice(-1) as [
    [string, string[]],
  ];
  await pickOption(page, "Profesional", professional.name);
  await pickDay(page, day);
  await pickOption(page, "Hora", hours[0]!);
  const answer = page.waitForResponse("**/trpc/booking.public.create*");
  await page.getByRole("button", { name: "Agendar" }).click();
  const sent = (await answer).request().postDataJSON() as Record<string, { json: { addons: unknown } }>;
  // The page sends products and quantities, never a price.
  expect(sent["0"]!.json.addons).toEqual([
    { product_id: expect.any(Number), quantity: 1 },
    { product_id: expect.any(Number), quantity: 2 },
  ]);
  const id = idOf(await (await answer).text());
  await expect(page.getByRole("dialog", { name: "Cita agendada" })).toBeVisible();

  // The front desk sees them in the booking's detail.
  await loginToShell(page, "admin@taller.demo", `/main/bookings/${id}`);
  const addons = page.getByRole("region", { name: "Adicionales" });
  await expect(addons.getByRole("row", { name: "Lavado exterior 1 $7.000 $7.000" })).toBeVisible();
  await expect(addons.getByRole("row", { name: "Plumillas limpiaparabrisas (par) 2 $12.990 $25.980" })).toBeVisible();
  await expect(addons.getByRole("row", { name: "Total adicionales $32.980" })).toBeVisible();
  await screenshot(page, "addons-in-agenda");
});

test("a link that opens nothing says so in Spanish; crm/booking sends a failed lookup to client/booking", async ({
  page,
}) => {
  await page.goto("/client/booking");
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace para agendar no es válido" })).toBeVisible();
  await expect(page.getByText("Para agendar una hora abre el enlace que te envió el taller.")).toBeVisible();

  await page.goto("/client/booking?crm_token=no-existe");
  await expect(page.getByText("El enlace no existe o ya expiró.", { exact: false })).toBeVisible();

  await page.goto("/client/crm/booking?crm_token=no-existe");
  await expect(page).toHaveURL(/\/client\/booking\?crm_token=no-existe$/);
  await expect(page.getByRole("heading", { level: 1, name: "Este enlace para agendar no es válido" })).toBeVisible();

  // The seed 001 variant shows the same page for a case it finds; the add-on goes to client/booking.
  await page.goto(`/client/crm/booking?crm_token=${CAPACITY_TOKEN}`);
  await expect(page.getByRole("heading", { level: 1, name: /^Programa tu / })).toBeVisible();
  await expect(page).toHaveURL(/\/client\/crm\/booking/);
  await page.goto(`/booking-addon?crm_token=${CAPACITY_TOKEN}`);
  await expect(page).toHaveURL(new RegExp(`/client/booking\\?crm_token=${CAPACITY_TOKEN}$`));
});

test.describe("the booking add-on in another site's frame", () => {
  // Its own server: Taller Demo admits frames from http://localhost on any port; the app is on 127.0.0.1.
  let app: Awaited<ReturnType<typeof startServer>>;
  const sites: Server[] = [];
  async function site(host: string): Promise<string> {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><title>Sitio del taller</title><h1>Sitio del taller</h1>` +
          `<iframe src="${app.url}/booking-addon?crm_token=${PROFESSIONAL_TOKEN}" width="1000" height="700"></iframe>`,
      );
    });
    sites.push(server);
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
    return `http://${host}:${(server.address() as AddressInfo).port}/`;
  }

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    app = await startServer({
      prepare: async (db) => {
        await db.execute(
          `UPDATE companies SET preferences = jsonb_set(preferences, '{booking_addon,allowed_domains}', '"localhost:*"') WHERE domain = 'taller.demo'`,
        );
      },
    });
  });
  test.afterAll(async () => {
    await Promise.all(sites.map((s) => new Promise<void>((ok) => s.close(() => ok()))));
    await app?.dispose();
  });

  test("an allowed origin shows the booking page; a refused one shows why", async ({ page }) => {
    await page.goto(await site("localhost"));
    const framed = page.frameLocator("iframe");
    await expect(framed.getByRole("heading", { level: 1, name: "Programa tu Diagnóstico" })).toBeVisible();
    expect(page.frames()[1]!.url()).toContain("/client/booking?crm_token=");
    await screenshot(page, "framed-allowed");

    await page.goto(await site("127.0.0.1"));
    await expect(page.frameLocator("iframe").getByRole("heading", { name: REJECTED })).toBeVisible();
    await expect(page.frameLocator("iframe").getByRole("heading", { name: "Programa tu Diagnóstico" })).toHaveCount(0);
    await screenshot(page, "framed-refused");
  });
});
