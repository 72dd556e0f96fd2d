/**
 * What the specs share: logging in through the login form, and screenshots kept as artifacts
 * (test-results/<test>/<name>.png).
 *
 * Specs run in parallel against one server, so an account whose state a spec changes belongs to that spec alone:
 * asesor@taller.demo to settings.spec.ts, admin@otro.demo to login-2fa.spec.ts. The others only read
 * (admin@taller.demo, tecnico@taller.demo); update.spec.ts runs its own server.
 */
import { expect, type Page, test } from "@playwright/test";

export const DEMO_PASSWORD = "demo1234";

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Correo").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Ingresar" }).click();
}

/** Logs in and waits for the shell, whose toolbar appears once the user and company setup have loaded. */
export async function loginToShell(page: Page, email: string) {
  await login(page, email);
  await expect(page).toHaveURL(/\/main\//);
  await expect(page.getByRole("banner")).toBeVisible();
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
