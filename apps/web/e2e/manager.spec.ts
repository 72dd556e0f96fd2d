/**
 * The operators' area (seed 002 section 2.7): the demo operator logs in with password and one-time code, lands on
 * the databases screen, unknown children go back to it, the login redirects an operator who is already in, and the
 * WhatsApp screen opens from the side menu; 390 px keeps the login usable.
 */
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { DEMO_PASSWORD, screenshot } from "./fixtures";

// The demo operator's authenticator secret is as public as the demo password (db/src/seed/demo.ts).
const OPERATOR = { email: "operador@taller.demo", secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" };

test("an operator logs in with a one-time code and moves through the area", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/manager/login");
  await page.getByLabel("Usuario").fill(OPERATOR.email);
  await page.getByLabel("Contraseña").fill(DEMO_PASSWORD);
  // A code is spent once: a retry of this test waits for the next 30-second step.
  if (test.info().retry > 0) await page.waitForTimeout(31_000);
  await page.getByLabel("Código de un solo uso").fill(await generate({ secret: OPERATOR.secret }));
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/manager\/main\/database$/, { timeout: 20_000 });
  await page.goto("/manager/main/other");
  await expect(page).toHaveURL(/\/manager\/main\/database$/);
  await page.goto("/manager/login");
  await expect(page).toHaveURL(/\/manager\/main\/database$/);
  await page.getByRole("link", { name: "WhatsApp" }).click();
  await expect(page).toHaveURL(/\/manager\/main\/whatsapp$/);
  // The company autocomplete, then that company's WhatsApp form and notifications.
  await page.getByPlaceholder("Buscar empresa").fill("Taller Demo");
  await page.getByRole("option", { name: /Taller Demo/ }).click();
  await expect(page.getByRole("button", { name: "Guardar configuración" })).toBeVisible();
  await expect(page.getByText("Notificaciones de la empresa")).toBeVisible();
  await screenshot(page, "manager-whatsapp");
});

test("390 px: the operators' login fits the screen", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/manager/login");
  await expect(page.getByRole("button", { name: "Ingresar" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
