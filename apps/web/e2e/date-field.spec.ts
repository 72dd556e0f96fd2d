/**
 * Dates are typed and shown as dd-mm-yyyy whatever the browser's language (no native date input, which shows
 * mm/dd/yyyy in an English Chromium): typed by hand in the holidays page and the orders export, picked from the
 * calendar, and refused with 'Fecha inválida (dd-mm-aaaa)' when not a real day. Only reads: admin@taller.demo.
 */
import { expect, test } from "@playwright/test";
import { loginToShell } from "./fixtures";

test.use({ locale: "en-US" });

test("a holiday's date is typed by hand as dd-mm-yyyy, checked, and picked from the calendar", async ({ page }) => {
  await loginToShell(page, "admin@taller.demo", "/admin/holidays");
  const date = page.getByLabel("Fecha", { exact: true });
  await expect(date).toHaveAttribute("placeholder", "dd-mm-aaaa");
  expect(await page.locator('input[type="date"]').count()).toBe(0);

  // Digits alone get their dashes.
  await date.pressSequentially("05042030");
  await expect(date).toHaveValue("05-04-2030");

  // Not a real day: said when the field is left.
  await date.fill("31-02-2030");
  await date.blur();
  await expect(page.getByText("Fecha inválida (dd-mm-aaaa)")).toBeVisible();

  // The calendar opens on the month typed and writes the picked day as dd-mm-yyyy.
  await date.fill("05-04-2030");
  await page.getByRole("button", { name: "Abrir calendario" }).click();
  await expect(page.getByText("abril 2030")).toBeVisible();
  await page.getByRole("button", { name: "miércoles 10 de abril de 2030" }).click();
  await expect(date).toHaveValue("10-04-2030");
  await expect(page.getByText("Fecha inválida (dd-mm-aaaa)")).toHaveCount(0);
});

test("the orders export's dates are typed by hand as dd-mm-yyyy", async ({ page }) => {
  await loginToShell(page, "admin@taller.demo", "/main/orders");
  await page.getByRole("button", { name: "Exportar" }).click();
  const dialog = page.getByRole("dialog", { name: "Filtros Adicionales" });
  const reception = dialog.getByRole("group", { name: "Fecha Recepción" });
  await reception.getByLabel("Desde").pressSequentially("31122026");
  await expect(reception.getByLabel("Desde")).toHaveValue("31-12-2026");
  await reception.getByLabel("Hasta").fill("1/1/2026");
  await expect(reception.getByLabel("Hasta")).toHaveValue("1-1-2026");
  // Read as days, not text: the end before the start is refused.
  await dialog.getByRole("button", { name: "Exportar" }).click();
  await expect(dialog.getByText("La fecha final es anterior a la inicial")).toBeVisible();
  expect(await dialog.locator('input[type="date"]').count()).toBe(0);
});
