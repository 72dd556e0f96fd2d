/**
 * The company's own terms everywhere it names its object (seed 000 section 1): Otro Taller renames 'Vehículo' to
 * 'Bicicleta', 'Cliente' to 'Ciclista' and 'Orden de Trabajo' to 'Reparación' at /admin/preferences, and the side
 * menu, the vehicles list, its booking action, the reception's fields, a missing record's page, the CRM's client
 * column, the client's payment page and booking page say them, never 'vehículo'. The terms are put back whatever
 * happens (other specs read them).
 */
import { expect, type Page, test } from "@playwright/test";
import { loginToShell } from "./fixtures";

const NO_VEHICLE = /veh[ií]culo/i;
/** Any of the default words for the object, client or order (not 'orden de compra', a supplier's document). */
const NO_DEFAULT_TERM = /veh[ií]culo|(?<!\p{L})(?:clientes?|[oó]rden(?:es)?)(?!\p{L})(?! de compra)/iu;

/** The company's words, by the name the preferences give each term ('Objeto', 'Cliente', 'Orden'). */
async function setTerms(page: Page, terms: Record<string, [singular: string, plural: string]>) {
  await page.goto("/admin/preferences");
  for (const [name, [singular, plural]] of Object.entries(terms)) {
    await page.getByLabel(`${name} (singular)`).fill(singular);
    await page.getByLabel(`${name} (plural)`).fill(plural);
  }
  // A new word brings its likely gender, which the words around it agree with ('Esta bicicleta').
  const objectGender = page.getByRole("combobox", { name: "Objeto (género)" });
  if (terms.Objeto?.[0] === "Bicicleta") await expect(objectGender).toContainText("Femenino");
  if (terms.Objeto?.[0] === "Vehículo") await expect(objectGender).toContainText("Masculino");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByText("Preferencias guardadas", { exact: true })).toBeVisible();
}

test("a company that works on bicycles reads 'Bicicleta' on every screen that names its object", async ({ page }) => {
  await loginToShell(page, "admin@otro.demo");
  // Otro Taller's preferences as found, written back whatever happens.
  const found = await page.request.get("/trpc/admin.preferences.get", { headers: { "x-trpc-source": "web" } });
  expect(found.ok()).toBe(true);
  const original = ((await found.json()) as { result: { data: { json: unknown } } }).result.data.json;
  try {
    await setTerms(page, {
      Objeto: ["Bicicleta", "Bicicletas"],
      Cliente: ["Ciclista", "Ciclistas"],
      Orden: ["Reparación", "Reparaciones"],
    });
    // The module list stored 'Vehículos'; the menu entry follows the term.
    await page.goto("/main/vehicles");
    await expect(page.getByRole("link", { name: "Bicicletas", exact: true }).first()).toBeVisible();
    await expect(page.getByRole("table", { name: "Bicicletas" })).toBeVisible();
    await expect(page.getByText(/Agendar Bicicleta|Agendada para|Reparación #/).first()).toBeVisible();
    // The status boxes agree with the words: 'Sin reparación', 'Agendada', 'Con reparación'.
    for (const box of ["Sin reparación", "Agendada", "Con reparación"]) {
      await expect(page.getByRole("button", { name: new RegExp(`^\\d+ ${box}$`) })).toBeVisible();
    }
    await expect(page.locator("body")).not.toContainText(NO_DEFAULT_TERM);

    const book = page.getByRole("button", { name: "Agendar Bicicleta" }).first();
    if (await book.count()) {
      await book.click();
      const dialog = page.getByRole("dialog", { name: "Agendar Bicicleta" });
      await expect(dialog.getByText("Bicicleta", { exact: true }).first()).toBeVisible();
      await expect(dialog).not.toContainText(NO_VEHICLE);
      await page.keyboard.press("Escape");
    }

    await page.goto("/main/orders");
    await expect(page.getByRole("table", { name: "Reparaciones" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Estados de Reparación" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(NO_DEFAULT_TERM);

    // A record that is not there is named in the company's words.
    await page.goto("/main/vehicles/2147483000");
    await expect(page.getByRole("heading", { level: 1, name: "Bicicleta inexistente" })).toBeVisible();
    await page.goto("/main/orders/2147483000");
    await expect(page.getByRole("heading", { level: 1, name: "Reparación inexistente" })).toBeVisible();

    // The CRM's table heads its client column with the company's word.
    await page.goto("/main/crm/retentions");
    await expect(page.getByRole("columnheader", { name: "Ciclista" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Cliente" })).toHaveCount(0);

    // The client's payment page names the order and the client the same way.
    await page.goto("/main/payments");
    await page
      .getByText(/^#\d+$/)
      .first()
      .click();
    const payment = page.getByRole("dialog", { name: /^Cobro Nº \d+$/ });
    const link = await payment.getByRole("link", { name: /\/client\/payment\?token=/ }).getAttribute("href");
    await page.goto(link ?? "");
    await expect(page.getByRole("heading", { name: /^Cobro Nº \d+$/ })).toBeVisible();
    await expect(page.getByText(/^Reparación #\d+/)).toBeVisible();
    await expect(page.getByText(/^Ciclista: /)).toBeVisible();
    await expect(page.locator("body")).not.toContainText("Cliente:");

    // Reception: the object's fields are named with the company's word, not a vehicle's plate and chassis.
    await page.goto("/main/checkin");
    await expect(page.getByRole("heading", { level: 2, name: "Bicicleta", exact: true })).toBeVisible();
    await expect(page.getByLabel("Identificador de bicicleta", { exact: true })).toBeVisible();
    await expect(page.getByLabel("N° de serie de bicicleta", { exact: true })).toBeVisible();
    await expect(page.locator("main")).not.toContainText(/Patente|Chasis|AB1234/);
    await expect(page.locator("body")).not.toContainText(NO_VEHICLE);

    // The client's booking page: the summary labels the brand and model with the company's word.
    await page.goto("/client/booking?crm_token=demo-crm-otro-demo");
    await expect(page.getByRole("heading", { level: 1, name: /^Programa tu / })).toBeVisible();
    await expect(page.getByText("Bicicleta", { exact: true })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(NO_VEHICLE);
  } finally {
    const restored = await page.request.post("/trpc/admin.preferences.update", {
      headers: { "x-trpc-source": "web" },
      data: { json: original },
    });
    expect(restored.ok()).toBe(true);
  }
});
