import { DEMO_WORKPOINT_CODE, demoWorkpointToken } from "@taller/db/seed";
import { expect, type Page, test } from "@playwright/test";
import { login } from "./fixtures";

/** Every console error and uncaught exception of the page from now on. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

test("a visitor's booking page and login, and a user's main screens, log no console error", async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto("/client/booking?crm_token=demo-crm-taller-demo");
  await expect(page.getByRole("heading", { level: 1, name: "Programa tu Diagnóstico" })).toBeVisible();
  await login(page, "admin@taller.demo");
  await expect(page).toHaveURL(/\/main\/booking$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
  for (const [path, loaded] of [
    ["/main/orders", page.getByRole("table", { name: "Órdenes de Trabajo" }).getByRole("row").nth(1)],
    ["/main/vehicles", page.getByRole("table", { name: "Vehículos" }).getByRole("row").nth(1)],
    ["/main/crm/retentions", page.getByRole("table", { name: "Retenciones" })],
    ["/main/settings", page.getByRole("heading", { name: "Perfil" })],
    ["/login", page.getByRole("heading", { level: 1, name: "Agenda" })],
  ] as const) {
    await page.goto(path);
    await expect(loaded).toBeVisible();
  }
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("opening a staff address directly logs no console error, signed out or signed in", async ({ page }) => {
  const errors = consoleErrors(page);
  for (const path of ["/main/orders", "/admin/roles"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Ingresar" })).toBeVisible();
  }
  await login(page, "admin@taller.demo");
  await expect(page).toHaveURL(/\/main\/booking$/);
  await page.goto("/main/orders");
  await expect(page.getByRole("table", { name: "Órdenes de Trabajo" }).getByRole("row").nth(1)).toBeVisible();
  await page.reload();
  await expect(page.getByRole("table", { name: "Órdenes de Trabajo" }).getByRole("row").nth(1)).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});

test("the kiosk's link, its login and its works log no console error", async ({ page }) => {
  const errors = consoleErrors(page);
  // The link a shared screen is given: nobody has entered a code on this device yet.
  await page.goto(`/workpoint/main?token=${demoWorkpointToken("taller.demo")}`);
  await expect(page).toHaveURL(/\/workpoint\/login$/);
  await page.getByLabel("Codigo Ingreso").fill(DEMO_WORKPOINT_CODE);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/workpoint\/main\/works$/);
  await expect(page.getByRole("list", { name: "Mis trabajos" }).getByRole("listitem").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("list", { name: "Mis trabajos" }).getByRole("listitem").first()).toBeVisible();
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/workpoint\/login$/);
  await page.waitForLoadState("networkidle");
  expect(errors).toEqual([]);
});
