import { expect, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";

test("an anonymous visitor opening a staff page is sent to the login", async ({ page }) => {
  await page.goto("/main/orders");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("heading", { name: "Iniciar sesión" })).toBeVisible();
});

test("a Técnico opening a page his role cannot read lands on forbidden", async ({ page }) => {
  await loginToShell(page, "tecnico@taller.demo");
  // His menu shows only what his role reads.
  const menu = page.getByRole("navigation", { name: "Menú principal" });
  await expect(menu.getByRole("link", { name: "Vehículos" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Administrar" })).toHaveCount(0);

  await page.goto("/main/vehicles");
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(page.getByRole("heading", { name: "No tienes acceso a esta información." })).toBeVisible();
  await screenshot(page, "forbidden");

  // Pages open to any logged-in user stay open to him.
  await page.goto("/main/budgets");
  await expect(page).toHaveURL(/\/main\/budgets$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/forbidden$/);
});

test("the URL map's redirects", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/no-such-page");
  await expect(page).toHaveURL(/\/not-found$/);
  await expect(page.getByRole("heading", { name: "Página no encontrada." })).toBeVisible();
  await page.goto("/booking-addon?crm_token=abc");
  await expect(page).toHaveURL(/\/client\/booking\?crm_token=abc$/);
  await page.goto("/client/whatever");
  await expect(page).toHaveURL(/\/client\/booking$/);
  // The work-point area needs a device token the server knows (seed 000 section 6); the demo's is printed at start.
  await page.goto("/workpoint/anything");
  await expect(page).toHaveURL(/\/workpoint\/unauthorized$/);
  await page.goto("/workpoint/anything?token=demo-workpoint-taller-demo");
  await expect(page).toHaveURL(/\/workpoint\/login$/);
  await page.goto("/workpoint/main/other");
  await expect(page).toHaveURL(/\/workpoint\/login$/);
  await page.getByLabel("Codigo Ingreso").fill("2468");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/workpoint\/main\/works$/);
  await page.goto("/workpoint/main/other");
  await expect(page).toHaveURL(/\/workpoint\/main\/works$/);
  // Without an operator session the operator area is its login (manager.spec.ts logs in).
  await page.goto("/manager/main/other");
  await expect(page).toHaveURL(/\/manager\/login$/);
  await page.goto("/manager/other");
  await expect(page).toHaveURL(/\/manager\/login$/);
  await page.goto("/zip/invoice/1");
  await expect(page).toHaveURL(/\/not-found$/);
});

test("unknown staff pages are not found, once logged in", async ({ page }) => {
  await loginToShell(page, "admin@taller.demo");
  await page.goto("/main/no-such-screen");
  await expect(page).toHaveURL(/\/not-found$/);
});
