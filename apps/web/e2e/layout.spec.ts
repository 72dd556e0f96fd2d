/**
 * Every built page fits the window at 1,280 px (a laptop) and 390 px (a phone): neither the page nor a box in it
 * (a list's table) scrolls sideways; long texts are cut with an ellipsis. Only reads: admin@taller.demo.
 */
import { expect, test } from "@playwright/test";
import { expectNoSidewaysScroll, loginToShell, screenshot } from "./fixtures";

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport, ...(viewport.width < 800 ? { isMobile: true, hasTouch: true } : {}) });

    test("the login and the status pages", async ({ page }) => {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: "Ingresar" })).toBeVisible();
      await expectNoSidewaysScroll(page, "/login");
      for (const [path, heading] of [
        ["/forbidden", "No tienes acceso a esta información."],
        ["/not-found", "Página no encontrada."],
        ["/iframe-rejected", "No se puede mostrar el contenido de esta página en un iframe."],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
    });

    test("the client booking page, per professional and by capacity, with its date picker open", async ({ page }) => {
      // booking-public.spec.ts books these cases; this only reads them.
      for (const token of ["demo-crm-taller-demo", "demo-crm-otro-demo"]) {
        await page.goto(`/client/booking?crm_token=${token}`);
        await expect(page.getByRole("heading", { level: 1, name: /^Programa tu / })).toBeVisible();
        await expectNoSidewaysScroll(page, `/client/booking (${token})`);
      }
      await page.getByLabel("Fecha", { exact: true }).click();
      await expect(page.getByRole("button", { name: "Mes siguiente" })).toBeVisible();
      await expectNoSidewaysScroll(page, "/client/booking, date picker");
    });

    // Reportes and Facturación check their own width (analytics.spec.ts, invoicing.spec.ts).
    test("orders, an order, vehicles and settings", async ({ page }) => {
      await loginToShell(page, "admin@taller.demo", "/main/orders");
      const orders = page.getByRole(viewport.width < 800 ? "list" : "table", { name: "Órdenes de Trabajo" });
      await expect(orders.getByText(/#\d+/).first()).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/orders");

      await orders.getByText(/#\d+/).first().click();
      await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
      await expect(page.getByRole("heading", { level: 3, name: "Fechas" })).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/orders/$id");

      await page.goto("/main/vehicles");
      await expect(page.getByRole(viewport.width < 800 ? "list" : "table", { name: "Vehículos" })).toBeVisible();
      await expect(page.getByText(/Agendar Vehículo|Agendado para/).first()).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/vehicles");

      await page.goto("/main/settings");
      await expect(page.getByRole("button", { name: "Guardar" })).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/settings");
    });

    test("the agenda: month, day and a booking", async ({ page }) => {
      await loginToShell(page, "admin@taller.demo", "/main/booking");
      await expect(page.locator("[data-day]").first()).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/booking");

      await page.locator(".agenda-day:not(.agenda-day-other)").nth(10).click();
      await expect(page).toHaveURL(/\?date=/);
      await expect(page.locator(".agenda-grid, .agenda-empty").first()).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/booking?date=");

      await page.getByRole("button", { name: "Volver al mes" }).click();
      await page.locator(".agenda-chip").first().click();
      await page
        .getByRole("button", { name: /^Reserva / })
        .first()
        .click();
      await page.getByRole("dialog", { name: "Reserva" }).getByRole("link", { name: "Abrir página" }).click();
      await expect(page).toHaveURL(/\/main\/bookings\/\d+$/);
      await expect(page.getByText("Duración")).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/bookings/$id");
    });

    test("the calendar: month, week and day", async ({ page }) => {
      await loginToShell(page, "admin@taller.demo", "/main/calendar");
      await expect(page.locator(".calendar-chip").first()).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/calendar (month)");
      await screenshot(page, `calendar-month-${viewport.width}`);
      await page.getByRole("button", { name: "Semana", exact: true }).click();
      await expect(page.locator(".calendar-weekview")).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/calendar (week)");
      await page.getByRole("button", { name: "Día", exact: true }).click();
      await expect(page.getByTestId("calendar-production")).toBeVisible();
      await expectNoSidewaysScroll(page, "/main/calendar (day)");
      await screenshot(page, `calendar-day-${viewport.width}`);
    });
  });
}
