/**
 * Two-factor authentication end to end: enable it in settings (code computed here from the secret the page shows),
 * log in with the code, see a used code refused, and disable it. Runs as admin@otro.demo, which no other spec file
 * logs in as, and ends with 2FA off again.
 */
import { expect, type Page, test } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_PASSWORD, login, screenshot } from "./fixtures";

const EMAIL = "admin@otro.demo";

test.describe.configure({ mode: "serial" });
// A code is usable once per 30-second step, so the flow may wait for the next step.
test.setTimeout(120_000);

const stepOf = (epochSeconds: number) => Math.floor(epochSeconds / 30);

/**
 * The earliest code from a time step after `after`. The server accepts the current step and its neighbours, so the
 * next step's code works now too; once both are used, wait for the clock.
 */
async function codeAfter(secret: string, after: number): Promise<{ otp: string; step: number }> {
  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const epoch = [now, now + 30].find((e) => stepOf(e) > after);
    if (epoch !== undefined) return { otp: await generate({ secret, epoch }), step: stepOf(epoch) };
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await page.waitForURL(/\/login$/);
}

test("enable 2FA, log in with a code, refuse a used code, disable 2FA", async ({ page }) => {
  await login(page, EMAIL);
  await page.waitForURL(/\/main\//);
  await page.goto("/main/settings");
  const card = page.getByRole("region", { name: "Autenticación de dos factores (2FA)" });

  await card.getByRole("button", { name: "Habilitar 2FA" }).click();
  await expect(card.getByRole("img", { name: "Código QR para tu aplicación de autenticación" })).toBeVisible();
  await expect(card.getByText(/Escanea este código QR con tu aplicación de autenticación/)).toBeVisible();
  const secret = (await card.locator("code").textContent())!.trim();
  await screenshot(page, "2fa-qr");

  const first = await codeAfter(secret, 0);
  // 401 marks the password, 403 the code.
  await card.getByLabel("Código de autenticación").fill(first.otp);
  await card.getByLabel("Contraseña actual").fill("no-es-esta");
  await card.getByRole("button", { name: "Activar 2FA" }).click();
  await expect(card.getByText("Contraseña inválida")).toBeVisible();
  await card.getByLabel("Código de autenticación").fill(String((Number(first.otp) + 1) % 1_000_000).padStart(6, "0"));
  await card.getByLabel("Contraseña actual").fill(DEMO_PASSWORD);
  await card.getByRole("button", { name: "Activar 2FA" }).click();
  await expect(card.getByText("Código de autenticación inválido")).toBeVisible();

  await card.getByLabel("Código de autenticación").fill(first.otp);
  await card.getByRole("button", { name: "Activar 2FA" }).click();
  await expect(card.getByText("La autenticación de dos factores está activa.")).toBeVisible();
  await expect(card.getByRole("button", { name: "Desactivar 2FA" })).toBeVisible();

  // Login now asks for the code; the code already used is refused.
  await logOut(page);
  await login(page, EMAIL);
  await expect(page.getByText("Verificación en dos pasos")).toBeVisible();
  await page.getByLabel("Código de autenticación").fill(first.otp);
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByText("Código de autenticación inválido")).toBeVisible();
  const second = await codeAfter(secret, first.step);
  await page.getByLabel("Código de autenticación").fill(second.otp);
  await page.getByRole("button", { name: "Verificar" }).click();
  await page.waitForURL(/\/main\//);

  await page.goto("/main/settings");
  await card.getByLabel("Código de autenticación").fill(second.otp);
  await card.getByLabel("Contraseña actual").fill(DEMO_PASSWORD);
  await card.getByRole("button", { name: "Desactivar 2FA" }).click();
  await expect(card.getByText("Código de autenticación inválido")).toBeVisible();
  const third = await codeAfter(secret, second.step);
  await card.getByLabel("Código de autenticación").fill(third.otp);
  await card.getByRole("button", { name: "Desactivar 2FA" }).click();
  await expect(card.getByRole("button", { name: "Habilitar 2FA" })).toBeVisible();

  // Without 2FA the password is enough again.
  await logOut(page);
  await login(page, EMAIL);
  await page.waitForURL(/\/main\//);
});
