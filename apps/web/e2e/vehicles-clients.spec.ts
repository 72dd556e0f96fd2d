/**
 * Creating and editing vehicles and clients: a new vehicle, opened from the list by its plate, its plate changed
 * (the page keeps the earlier one); a new client, then edited on its page. admin@taller.demo; each run writes its
 * own plate and RUT, so a retry does not meet the first attempt's.
 */
import { expect, test } from "@playwright/test";
import { loginToShell, rutOf } from "./fixtures";

/** A new-format Chilean plate nobody in the demo has (the demo's use consonants and 00-99 from their number). */
const freshPlate = (n: number) =>
  Array.from({ length: 4 }, (_, i) => "AEIOU"[Math.floor(n / 5 ** i) % 5]).join("") + String(n % 100).padStart(2, "0");

for (const width of [1280, 390]) {
  test(`a vehicle: create, open from the list by its plate, change its plate (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    const seed = (Date.now() % 600) + (width === 390 ? 600 : 0);
    const plate = freshPlate(seed);
    const newPlate = freshPlate(seed + 1200);
    await loginToShell(page, "admin@taller.demo", "/main/vehicles");
    await page.getByRole("button", { name: "Nuevo" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuevo vehículo" });
    await dialog.getByLabel("Patente").fill("ab12");
    await dialog.getByRole("button", { name: "Crear" }).click();
    await expect(dialog.getByText("Patente inválida (AB1234 o BCDF12)")).toBeVisible();
    await dialog.getByLabel("Patente").fill(plate.toLowerCase());
    await dialog.getByLabel("Año").fill("2021");
    await dialog.getByRole("button", { name: "Crear" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/main\/vehicles\/\d+$/);
    await expect(page.getByText(plate, { exact: true })).toBeVisible();

    // The list opens it by its plate.
    await page.goto(`/main/vehicles?search=${plate}`);
    await page.getByRole("link", { name: plate, exact: true }).click();
    await expect(page).toHaveURL(/\/main\/vehicles\/\d+$/);
    await expect(page.getByText("2021", { exact: true })).toBeVisible();

    await page.getByRole("button", { name: "Editar" }).click();
    const edit = page.getByRole("dialog", { name: "Editar vehículo" });
    await expect(edit.getByLabel("Patente")).toHaveValue(plate);
    await edit.getByLabel("Patente").fill(newPlate);
    await edit.getByRole("button", { name: "Guardar" }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText(newPlate, { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Patentes anteriores")).toBeVisible();
    await expect(page.getByText(plate, { exact: true })).toBeVisible();
    // The old plate is free again for another vehicle; the new one is taken.
    await page.goto("/main/vehicles");
    await page.getByRole("button", { name: "Nuevo" }).click();
    const again = page.getByRole("dialog", { name: "Nuevo vehículo" });
    await again.getByLabel("Patente").fill(newPlate);
    await again.getByRole("button", { name: "Crear" }).click();
    await expect(again.getByText("Esa patente ya está registrada en Vehículos")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
}

test("a client: create, then edit on its page", async ({ page }) => {
  const body = 20_000_000 + (Date.now() % 1_000_000);
  await loginToShell(page, "admin@taller.demo", "/main/crm/clients");
  await page.getByRole("button", { name: "Nuevo" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo cliente" });
  await dialog.getByLabel("Nombre").fill("Rosa Reyes Prueba");
  await dialog.getByLabel("RUT").fill(`${body}-X`);
  await dialog.getByLabel("Teléfono").fill("12");
  await dialog.getByRole("button", { name: "Crear" }).click();
  await expect(dialog.getByText("RUT inválido")).toBeVisible();
  await expect(dialog.getByText("Teléfono inválido (+56 9 1234 5678)")).toBeVisible();
  await dialog.getByLabel("RUT").fill(rutOf(body));
  await dialog.getByLabel("Teléfono").fill("9 5555 1234");
  await dialog.getByRole("button", { name: "Crear" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/main\/crm\/clients\/\d+$/);
  await expect(page.getByLabel("Teléfono")).toHaveValue("+56 9 5555 1234");

  await page.getByLabel("Ciudad").fill("Valdivia");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Datos guardados", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Ciudad")).toHaveValue("Valdivia");
  await expect(page.getByLabel("RUT")).toHaveValue(new RegExp(`-${rutOf(body).slice(-1)}$`));

  // The same RUT again is refused on its field.
  await page.goto("/main/crm/clients");
  await page.getByRole("button", { name: "Nuevo" }).click();
  const twin = page.getByRole("dialog", { name: "Nuevo cliente" });
  await twin.getByLabel("Nombre").fill("Rosa Reyes Otra");
  await twin.getByLabel("RUT").fill(rutOf(body));
  await twin.getByRole("button", { name: "Crear" }).click();
  await expect(twin.getByText("Ese RUT ya está registrado en Clientes")).toBeVisible();
});
