/**
 * 'Recepción' (/main/checkin): a new vehicle of a new client received with two pictures on a phone-sized screen (the
 * first one's chunk cut off by a dropped connection, then resumed with 'Reintentar'), and a vehicle's booking of
 * today received from the same screen through the agenda's check-in.
 */
import { expect as baseExpect, test } from "@playwright/test";
import { todayIn } from "@taller/core";
import { expectNoSidewaysScroll, loginToShell, rutOf, TINY_PNG } from "./fixtures";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const ADMIN = "admin@taller.demo";

test("a new vehicle of a new client, with two pictures, at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginToShell(page, ADMIN, "/main/checkin");
  await expect(page.getByRole("heading", { level: 1, name: "Recepción" })).toBeVisible();

  const n = Date.now() % 10_000;
  const plate = `KZ${String(n).padStart(4, "0")}`;
  await page.getByLabel("Patente").fill(plate.toLowerCase());
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page.getByText("Vehículo nuevo: se creará al recepcionar")).toBeVisible();
  await expect(page.getByLabel("Patente")).toHaveValue(plate);

  await page.getByLabel("RUT").fill(rutOf(31_000_000 + n));
  await page.getByLabel("Nombre").fill("Paula Recepción");
  await page.getByLabel("Teléfono").fill("912345678");
  await page.getByLabel("Correo").fill("paula@ejemplo.cl");
  await page.getByLabel("Kilometraje").fill("12000");
  await page.getByLabel("Comentario").fill("Cambio de aceite");

  // The first chunk sent is lost to a dropped connection: that file fails, the next one goes on, and 'Reintentar'
  // asks the server where the upload stands and sends what it lacks.
  let dropped = false;
  await page.route("**/files/uploads/*", (route) => {
    if (route.request().method() !== "PATCH" || dropped) return route.continue();
    dropped = true;
    return route.abort("connectionreset");
  });
  await page.getByTestId("reception-files").setInputFiles([
    { name: "frente.png", mimeType: "image/png", buffer: TINY_PNG },
    { name: "costado.png", mimeType: "image/png", buffer: TINY_PNG },
  ]);
  await expect(page.getByText("No se subió: Se perdió la conexión")).toBeVisible();
  await expect(page.getByText("Subida", { exact: true })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Recepcionar" })).toBeDisabled();
  await page.getByRole("button", { name: "Reintentar" }).click();
  await expect(page.getByText("Subida", { exact: true })).toHaveCount(2);
  await expectNoSidewaysScroll(page, "/main/checkin at 390 px");

  await page.getByRole("button", { name: "Recepcionar" }).click();
  await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
  await expect(page.getByText(plate).first()).toBeVisible();
});

test("a bad phone is marked on its field and nothing typed is lost, at 1,280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginToShell(page, ADMIN, "/main/checkin");
  await expect(page.getByRole("heading", { level: 1, name: "Recepción" })).toBeVisible();
  await expectNoSidewaysScroll(page, "/main/checkin at 1,280 px");
  await page.getByLabel("Patente").fill("KY0001");
  await page.getByLabel("Nombre").fill("Sin Teléfono Válido");
  await page.getByLabel("Teléfono").fill("123");
  await page.getByRole("button", { name: "Recepcionar" }).click();
  await expect(page.getByText("Teléfono inválido (+56 9 1234 5678)")).toBeVisible();
  await expect(page.getByLabel("Patente")).toHaveValue("KY0001");
  await expect(page.getByLabel("Nombre")).toHaveValue("Sin Teléfono Válido");
  await expect(page).toHaveURL(/\/main\/checkin$/);
});

test("a vehicle's booking of today is received from the screen", async ({ page }) => {
  await loginToShell(page, ADMIN);
  const input = encodeURIComponent(JSON.stringify({ json: { date: todayIn() } }));
  const answer = await page.request.get(`/trpc/booking.day?input=${input}`, { headers: { "x-trpc-source": "web" } });
  const day = ((await answer.json()) as { result: { data: { json: { bookings: Booking[] } } } }).result.data.json;
  const booking = day.bookings.find((b) => b.identifier && !b.order && !b.rescheduled && !b.non_attendance);
  // The demo books none on Sundays and holidays: the run's setup adds one then (global-setup.ts).
  expect(booking, "a booking of today to receive").toBeDefined();

  await page.goto("/main/checkin");
  await page.getByLabel("Patente").fill(booking!.identifier!);
  await page.getByLabel("Patente").press("Enter");
  await expect(page.getByText(/tiene una reserva hoy a las/)).toBeVisible();
  await page.getByRole("button", { name: "Recepcionar reserva" }).click();
  await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
  // The booking now carries the order: unless the vehicle has another one today, the screen offers none.
  const others = day.bookings.filter(
    (b) => b.identifier === booking!.identifier && b !== booking && !b.order && !b.rescheduled && !b.non_attendance,
  );
  await page.goto("/main/checkin");
  await page.getByLabel("Patente").fill(booking!.identifier!);
  await page.getByLabel("Patente").press("Enter");
  await expect(page.getByText("Vehículo registrado")).toBeVisible();
  if (others.length === 0) await expect(page.getByText(/tiene una reserva hoy a las/)).toHaveCount(0);
});

interface Booking {
  identifier: string | null;
  order: { id: number } | null;
  rescheduled: boolean;
  non_attendance: boolean;
}
