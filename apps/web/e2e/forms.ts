/**
 * Form steps several specs take the same way: the booking form's first free professional and time, and a pricing
 * request to the demo's supplier from an order's or a budget's 'Proveedores' section.
 */
import { expect, type Locator, type Page } from "@playwright/test";

/** Picks the first professional and the first time offered on the form's date, books, and waits for it to close. */
export async function bookFirstFreeTime(page: Page, form: Locator) {
  await form.getByRole("combobox", { name: "Profesional" }).click();
  await page.getByRole("option").first().click();
  await form.getByRole("combobox", { name: "Hora" }).click();
  await page.getByRole("option").first().click();
  await form.getByRole("button", { name: "Agendar" }).click();
  await expect(form).toBeHidden();
}

/** Opens 'Solicitar cotización' in the page's 'Proveedores' section with the demo supplier and its air filter chosen. */
export async function startPricingRequest(page: Page) {
  const section = page.getByRole("region", { name: "Proveedores" });
  await section.getByRole("button", { name: "Solicitar cotización" }).click();
  const dialog = page.getByRole("dialog", { name: "Solicitar cotización" });
  await dialog.getByLabel("Proveedor", { exact: true }).click();
  await page.getByRole("option", { name: "Repuestos del Sur SpA" }).click();
  await dialog.getByLabel("Producto 1", { exact: true }).click();
  await page.getByRole("option", { name: "Filtro de aire (FIL-AIR)" }).click();
  return { section, dialog };
}
