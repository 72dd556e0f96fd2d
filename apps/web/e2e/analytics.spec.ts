/**
 * Reportes (/main/analytics) over the demo: every figure draws its chart, with its definition and its table; a new
 * range asks the server again and the URL keeps it; the screen fits 1,280 and 390 px. Reads only.
 */
import { type Page, expect as baseExpect, test } from "@playwright/test";
import { expectNoSidewaysScroll, loginToShell } from "./fixtures";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const FIGURES = ["orders", "times", "onTime", "revenue", "budgets", "crm", "agenda", "channels", "technicians"];

async function openDashboard(page: Page) {
  // This year: the demo's orders, bookings and payments fall in it.
  const year = new Date().getFullYear();
  await loginToShell(page, "admin@taller.demo", `/main/analytics?from=${year}-01-01&to=${year}-12-31`);
  for (const figure of FIGURES) {
    const section = page.locator(`[data-figure="${figure}"]`);
    await expect(section.locator("svg.recharts-surface").first()).toBeVisible();
    await expect(section.getByRole("button", { name: /^Definición: / })).toBeVisible();
  }
}

async function checkDashboard(page: Page, name: string) {
  await openDashboard(page);
  // The orders' chart has bars for the demo's orders, and the table behind it their numbers.
  const orders = page.locator('[data-figure="orders"]');
  await expect(orders.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await orders.getByText("Ver tabla").click();
  await expect(orders.getByRole("columnheader", { name: "Recibidas" })).toBeVisible();
  // Budgets sent against approved (the demo's 'Aprobado' status is marked as approval), the agenda's cancellations
  // and occupancy.
  const budgets = page.locator('[data-figure="budgets"]');
  for (const kpi of ["Aprobados", "Conversión"])
    await expect(budgets.getByRole("term").filter({ hasText: kpi })).toBeVisible();
  const agenda = page.locator('[data-figure="agenda"]');
  for (const kpi of ["Anulación", "Ocupación"])
    await expect(agenda.getByRole("term").filter({ hasText: kpi })).toBeVisible();
  await expectNoSidewaysScroll(page, name);

  // A preset is a new range: the server is asked again and the URL keeps it.
  const asked = page.waitForRequest((r) => r.url().includes("analytics.dashboard"));
  await page.getByRole("combobox", { name: "Período" }).click();
  await page.getByRole("option", { name: "Últimos 7 días" }).click();
  await asked;
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}.*to=\d{4}-\d{2}-\d{2}/);
  for (const figure of FIGURES) {
    await expect(page.locator(`[data-figure="${figure}"] svg.recharts-surface`).first()).toBeVisible();
  }
  await expect(page.getByRole("combobox", { name: "Período" })).toHaveText(/Últimos 7 días/);
}

test("1,280 px: every figure draws, hovering shows its numbers, a new range reloads", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await checkDashboard(page, "1280");
  // The numbers on hover: the orders' chart's tooltip over its plot.
  await page.goto(`/main/analytics?from=${new Date().getFullYear()}-01-01&to=${new Date().getFullYear()}-12-31`);
  const chart = page.locator('[data-figure="orders"] .recharts-wrapper');
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  if (box) await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await expect(page.locator('[data-figure="orders"] .recharts-tooltip-wrapper')).toContainText(/Recibidas/);
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("every figure draws and the screen fits the phone; a new range reloads", async ({ page }) => {
    await checkDashboard(page, "390");
  });
});
