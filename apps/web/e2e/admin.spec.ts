/**
 * The company administration (/admin): an administrator invites a user, hands over the one-time link, the new
 * user chooses a password there and logs in; the same link does not work twice. A second administrator's screen
 * sees the new user appear without reloading (user.updated on the company's stream). Also at 390 px.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { login, loginToShell, screenshot } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 120_000 });

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

async function openAdmin(page: Page) {
  await loginToShell(page, "admin@taller.demo", "/admin");
  await expect(page.getByRole("heading", { name: "Usuarios" })).toBeVisible();
}

async function invite(page: Page, name: string, email: string, role: string): Promise<string> {
  await page.getByRole("button", { name: "Invitar usuario" }).click();
  const dialog = page.getByRole("dialog", { name: "Invitar usuario" });
  await dialog.getByLabel("Nombre").fill(name);
  await dialog.getByLabel("Correo").fill(email);
  await dialog.getByLabel("Rol").click();
  await page.getByRole("option", { name: role }).click();
  await dialog.getByRole("button", { name: "Invitar" }).click();
  const link = page.getByTestId("invitation-link");
  await expect(link).toBeVisible();
  return (await link.getAttribute("href")) ?? "";
}

async function secondAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openAdmin(page);
  return { context, page };
}

test("an administrator invites a user, who sets a password through the link and logs in", async ({ page, browser }) => {
  const watcher = await secondAdmin(browser);
  await openAdmin(page);

  // The form marks bad fields before anything is sent.
  await page.getByRole("button", { name: "Invitar usuario" }).click();
  const dialog = page.getByRole("dialog", { name: "Invitar usuario" });
  await dialog.getByLabel("Correo").fill("no-es-correo");
  await dialog.getByRole("button", { name: "Invitar" }).click();
  await expect(dialog.getByText("Ingresa el nombre")).toBeVisible();
  await expect(dialog.getByText("Correo inválido")).toBeVisible();
  // A taken e-mail comes back from the server on its field.
  await dialog.getByLabel("Nombre").fill("Repetido");
  await dialog.getByLabel("Correo").fill("asesor@taller.demo");
  await dialog.getByRole("button", { name: "Invitar" }).click();
  await expect(dialog.getByText("Ya existe un usuario con ese correo")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  const link = await invite(page, "Inés Invitada", "ines@taller.demo", "Asesor");
  expect(link).toMatch(/\/invitation\?token=[\w-]{43}$/);
  await expect(page.getByRole("row", { name: /Inés Invitada/ })).toContainText("Invitado");
  // The other administrator's list shows her without a reload.
  await expect(watcher.page.getByRole("row", { name: /Inés Invitada/ })).toBeVisible();
  await watcher.context.close();

  // The invited user, in a browser of her own.
  const context = await browser.newContext();
  const invited = await context.newPage();
  await invited.goto(link);
  await expect(invited.getByRole("heading", { name: "Hola, Inés Invitada" })).toBeVisible();
  await invited.getByLabel("Nueva contraseña").fill("123");
  await invited.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(invited.getByText("Contraseña inválida, debe tener mínimo 6 dígitos").first()).toBeVisible();
  await invited.getByLabel("Nueva contraseña").fill("ines-clave");
  await invited.getByLabel("Repetir contraseña").fill("ines-clave");
  await invited.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(invited).toHaveURL(/\/login$/);
  await login(invited, "ines@taller.demo", "ines-clave");
  await expect(invited).toHaveURL(/\/main\//);

  // The link is spent.
  await invited.goto(link);
  await expect(
    invited.getByText("Este enlace de invitación ya fue usado. Ingresa con tu correo y contraseña."),
  ).toBeVisible();
  await context.close();

  await page.reload();
  await expect(page.getByRole("row", { name: /Inés Invitada/ })).toContainText("Activo");
});

test("at 390 px the users table and the invitation page fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAdmin(page);
  await noSidewaysScroll(page);
  const link = await invite(page, "Mora Móvil", "mora@taller.demo", "Técnico");
  await noSidewaysScroll(page);
  await screenshot(page, "admin-users-390");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Hola, Mora Móvil" })).toBeVisible();
  await noSidewaysScroll(page);
  await screenshot(page, "invitation-390");
});
