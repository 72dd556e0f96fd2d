import { expect, test } from "@playwright/test";
import { login, screenshot } from "./fixtures";

test("an administrator logs in and lands on the first page of the menu", async ({ page }) => {
  await login(page, "admin@taller.demo");
  await expect(page).toHaveURL(/\/main\/booking$/);
  await expect(page.getByRole("heading", { level: 1, name: "Agenda" })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Menú principal" });
  await expect(menu.getByRole("link", { name: "Órdenes de Trabajo" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Administrar" })).toBeVisible();
  // Configured as not visible by the demo company.
  await expect(menu.getByRole("link", { name: "Compartidos" })).toHaveCount(0);
  await screenshot(page, "shell-desktop");

  await menu.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/main/orders");
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password is refused with the server's Spanish message", async ({ page }) => {
  await login(page, "tecnico@taller.demo", "no-es-la-clave");
  await expect(page.getByRole("alert")).toHaveText("Correo o contraseña incorrectos");
  await expect(page).toHaveURL(/\/login$/);
  await screenshot(page, "login-wrong-password");
});

test("field errors from the server are shown on their fields", async ({ page }) => {
  await login(page, "no-es-un-correo", "");
  await expect(page.getByText("Correo inválido")).toBeVisible();
  await expect(page.getByText("Ingresa tu contraseña")).toBeVisible();
  await expect(page.getByLabel("Correo")).toHaveAttribute("aria-invalid", "true");
});

test("a logged-in user opening /login goes back into the app", async ({ page }) => {
  await login(page, "admin@taller.demo");
  await expect(page).toHaveURL(/\/main\//);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/main\/booking$/);
});
