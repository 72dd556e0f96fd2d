/**
 * The vehicles list (/main/vehicles, seed 000 section 2.8). Only reads: admin@taller.demo, and admin@escala.demo for
 * a list longer than a few pages. Filters live in each test's own local storage.
 */
import { expect, type Page, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { listScreen } from "./lists";

const vehiclesList = (page: Page) => listScreen(page, { table: "Vehículos", boxes: "Estados de Vehículos" });
const stored = (page: Page) => page.evaluate(() => localStorage.getItem("vehicles_filter"));

async function openVehicles(page: Page, email = "admin@taller.demo") {
  await loginToShell(page, email, "/main/vehicles");
  await expect(page.getByRole("heading", { level: 1, name: "Vehículos" })).toBeVisible();
  const list = vehiclesList(page);
  await expect(list.rows.first()).toBeVisible();
  return list;
}

test.describe("desktop", () => {
  test("an order's vehicle link shows that vehicle, whatever the remembered filter", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo", "/main/orders");
    // The orders list opens on open orders, so this vehicle is 'Con orden', which the vehicles list hides by default.
    const link = page.getByRole("table", { name: "Órdenes de Trabajo" }).locator('a[href^="/main/vehicles"]').first();
    const identifier = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(/\/main\/vehicles\?/);
    const list = vehiclesList(page);
    await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue(identifier);
    await expect(list.rows.filter({ hasText: identifier }).first()).toBeVisible();
    await expect(list.box("Con orden")).toHaveAttribute("aria-pressed", "true");
    // This visit only: the remembered filter is untouched until the user picks statuses.
    expect(await stored(page)).toBeNull();
    await list.box("Sin orden").click();
    await expect(list.box("Sin orden")).toHaveAttribute("aria-pressed", "false");
    expect(await stored(page)).toBe("2,3,0");
    await expect(page).not.toHaveURL(/status=/);
  });

  test("status boxes Sin orden / Agendado / Con orden and the filter dialog, kept across a reload", async ({
    page,
  }) => {
    const list = await openVehicles(page);
    await expect(list.box("Sin orden")).toHaveAttribute("aria-pressed", "true");
    await expect(list.box("Agendado")).toHaveAttribute("aria-pressed", "true");
    await expect(list.box("Con orden")).toHaveAttribute("aria-pressed", "false");
    expect(await stored(page)).toBeNull();
    await list.expectMatchesBoxes();
    await expect(list.table.getByText(/^Orden #\d+$/)).toHaveCount(0);
    await screenshot(page, "vehicles-desktop");

    await list.box("Con orden").click();
    await expect(list.box("Con orden")).toHaveAttribute("aria-pressed", "true");
    expect(await stored(page)).toBe("1,2,3,0");
    await list.expectMatchesBoxes();

    await page.getByRole("button", { name: "Filtros" }).click();
    const dialog = page.getByRole("dialog", { name: "Filtros" });
    await dialog.getByRole("checkbox", { name: "Sin orden" }).click();
    await dialog.getByRole("checkbox", { name: "Agendado" }).click();
    await dialog.getByRole("button", { name: "Aplicar" }).click();
    expect(await stored(page)).toBe("3,0");
    await list.expectMatchesBoxes();
    await expect(list.rows.first()).toContainText(/Orden #\d+/);
    await expect(list.table.getByText("Agendar Vehículo")).toHaveCount(0);

    await page.reload();
    await expect(list.rows.first()).toContainText(/Orden #\d+/);
    await expect(list.box("Con orden")).toHaveAttribute("aria-pressed", "true");
    await expect(list.box("Sin orden")).toHaveAttribute("aria-pressed", "false");
  });

  test("search: upper-cased, and the back arrow clears it", async ({ page }) => {
    const list = await openVehicles(page);
    const total = (await list.table.getAttribute("aria-rowcount"))!;
    const identifier = (await list.rows.nth(3).getByRole("cell").nth(1).textContent())!.trim();
    const search = page.getByRole("searchbox", { name: "Buscar" });
    await search.pressSequentially(identifier.toLowerCase());
    await expect(search).toHaveValue(identifier);
    await expect(list.table).toHaveAttribute("aria-rowcount", "2");
    await expect(list.rows.first().getByRole("cell").nth(1)).toHaveText(identifier);
    await expect(page).toHaveURL(new RegExp(`search=${identifier}`));

    await page.getByRole("button", { name: "Limpiar búsqueda" }).click();
    await expect(search).toHaveValue("");
    await expect(list.table).toHaveAttribute("aria-rowcount", total);
  });

  test("the check-in cell opens the order in a dialog (in the URL); closing it reloads the list", async ({ page }) => {
    const list = await openVehicles(page);
    // Only 'Con orden': the newest vehicles (the demo's regular clients) have no open order.
    await list.box("Con orden").click();
    for (const name of ["Sin orden", "Agendado"]) {
      await list.box(name).click();
      await expect(list.box(name)).toHaveAttribute("aria-pressed", "false");
    }
    const cell = list.table.getByRole("button", { name: /^Orden #\d+$/ }).first();
    const number = (await cell.textContent())!.replace("Orden ", "");
    await cell.click();
    const dialog = page.getByRole("dialog", { name: "Orden de Trabajo" });
    await expect(dialog.getByRole("heading", { level: 2, name: number })).toBeVisible();
    await expect(dialog.getByRole("heading", { level: 3, name: "Fechas" })).toBeVisible();
    // At least 80% of the window wide.
    const width = (await dialog.boundingBox())!.width;
    expect(width).toBeGreaterThanOrEqual(0.8 * page.viewportSize()!.width - 1);
    await screenshot(page, "vehicles-order-dialog");
    // The open dialog is in the URL: a reload reopens it, Back closes it.
    await expect(page).toHaveURL(/[?&]order=\d+/);
    await page.reload();
    await expect(dialog.getByRole("heading", { level: 2, name: number })).toBeVisible();
    await page.goBack();
    await expect(dialog).toHaveCount(0);
    await page.goForward();
    await expect(dialog.getByRole("heading", { level: 2, name: number })).toBeVisible();

    const reloaded = page.waitForRequest((r) => r.url().includes("vehicles.list"));
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toHaveCount(0);
    await reloaded;
  });

  test("'Agendar Vehículo' opens the agenda's booking form with the vehicle, and a booking opens the booking", async ({
    page,
  }) => {
    const list = await openVehicles(page);
    await list.table.getByRole("button", { name: "Agendar Vehículo" }).first().click();
    let dialog = page.getByRole("dialog", { name: "Agendar Vehículo" });
    await expect(dialog.getByRole("combobox", { name: "Vehículo" })).not.toHaveText("Sin especificar");
    await expect(dialog.getByLabel("Fecha")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);

    // Only 'Agendado': the newest vehicles (the demo's regular clients) have no booking.
    await list.box("Sin orden").click();
    await expect(list.box("Sin orden")).toHaveAttribute("aria-pressed", "false");
    const booked = list.table.getByRole("button", { name: /^Agendado para el \d{2}-\d{2}-\d{4}$/ }).first();
    const day = (await booked.textContent())!.replace("Agendado para el ", "");
    await booked.click();
    dialog = page.getByRole("dialog", { name: "Reserva" });
    await expect(dialog.getByRole("heading", { level: 2, name: new RegExp(`^${day} · \\d{2}:\\d{2}$`) })).toBeVisible();
    await screenshot(page, "vehicles-booking-dialog");
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toHaveCount(0);
  });

  test("a longer list loads page after page and keeps only the rows in view", async ({ page }) => {
    const list = await openVehicles(page, "admin@escala.demo");
    await page.getByRole("button", { name: "Filtros" }).click();
    const dialog = page.getByRole("dialog", { name: "Filtros" });
    const all = dialog.getByRole("checkbox", { name: "Todos" });
    if ((await all.getAttribute("aria-checked")) !== "true") await all.click();
    await dialog.getByRole("button", { name: "Aplicar" }).click();
    await expect(list.box("Con orden")).toHaveAttribute("aria-pressed", "true");
    await list.expectMatchesBoxes();
    const total = await list.pressedTotal();
    expect(total).toBeGreaterThan(300);
    await list.scrollUntilRow(total + 1);
    expect(await list.table.getByRole("row").count()).toBeLessThan(100);
  });
});

test.describe("mobile, 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("cards with the same information, and the three status boxes", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo", "/main/vehicles");
    const cards = page.getByRole("list", { name: "Vehículos" }).getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    for (const name of ["Sin orden", "Agendado", "Con orden"])
      await expect(vehiclesList(page).box(name)).toBeInViewport({ ratio: 1 });
    await expect(cards.first().getByRole("button", { name: /Agendado para el|Agendar Vehículo/ })).toBeVisible();
    await screenshot(page, "vehicles-mobile");

    await cards.getByRole("button", { name: "Agendar Vehículo" }).first().click();
    await expect(page.getByRole("dialog", { name: "Agendar Vehículo" })).toBeVisible();
    await screenshot(page, "vehicles-mobile-dialog");
  });
});
