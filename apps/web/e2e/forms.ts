/**
 * Form steps several specs take the same way: the booking form's first free professional and time, a pricing
 * request to the demo's supplier from an order's or a budget's 'Proveedores' section, and a budget of the spec's own.
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

/**
 * Opens 'Solicitar cotización' in the page's 'Proveedores' section with the demo supplier and its air filter chosen.
 */
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

/**
 * A budget of the calling spec's own on the newest order, with one line (made through the API, as the chat's form
 * would).
 */
export async function createOwnBudget(page: Page, line: { description: string; unit_price: number }): Promise<number> {
  await page.goto("/main/orders");
  await page.locator(".order-number").first().click();
  await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split("/").at(-1));
  const made = await page.request.post("/trpc/budgets.create", {
    headers: { "x-trpc-source": "web" },
    data: { json: { order_id: orderId, lines: [{ ...line, quantity: 1, discount: 0 }] } },
  });
  expect(made.ok()).toBe(true);
  return ((await made.json()) as { result: { data: { json: { id: number } } } }).result.data.json.id;
}
