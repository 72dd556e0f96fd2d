/**
 * The orders list (/main/orders, seed 002 section 2.4) and the order detail. Only reads: admin@taller.demo for the
 * demo company, admin@escala.demo for the 2,000-row scroll (the harness seeds "Taller Escala" with the scale
 * generator, see server.ts). Filters live in each test's own local storage.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { loginToShell, screenshot } from "./fixtures";
import { listScreen } from "./lists";
import { E2E_SCALE_ORDERS } from "./server";

const ordersList = (page: Page) => listScreen(page, { table: "Órdenes de Trabajo", boxes: "Estados de Orden" });
const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function openOrders(page: Page, email = "admin@taller.demo") {
  await loginToShell(page, email, "/main/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Órdenes de Trabajo" })).toBeVisible();
  const list = ordersList(page);
  await expect(list.rows.first()).toBeVisible();
  return list;
}

/**
 * The identifier of a row with a vehicle, a few rows down: orders received from a booking without one (another
 * test's) show '-' there, which no search finds.
 */
async function vehicleIdentifier(list: ReturnType<typeof ordersList>) {
  const withVehicle = list.rows.filter({ has: list.table.page().locator('a[href^="/main/vehicles"]') });
  return (await withVehicle.nth(2).getByRole("cell").nth(5).textContent())!.trim();
}

/**
 * Opens 'Filtros', lets `choose` change the dialog, applies, and waits for the list's first page under the new
 * filter (it carries the status counts too).
 */
async function filter(page: Page, choose: (dialog: Locator) => Promise<void>) {
  await page.getByRole("button", { name: "Filtros" }).click();
  const dialog = page.getByRole("dialog", { name: "Filtros" });
  await choose(dialog);
  const counted = page.waitForResponse((r) => r.url().includes("orders.list"));
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  await expect(dialog).toHaveCount(0);
  await counted;
}

const chooseAll = async (dialog: Locator, group: string) => {
  const all = dialog.getByRole("group", { name: group }).getByRole("checkbox", { name: "Todos" });
  if ((await all.getAttribute("aria-checked")) !== "true") await all.click();
};

test.describe("desktop", () => {
  test("status boxes and the filter dialog change the list, and the filters survive a reload", async ({ page }) => {
    const list = await openOrders(page);
    // Default: the statuses not marked finish, nothing stored yet.
    await expect(list.box("Recepcionado")).toHaveAttribute("aria-pressed", "true");
    await expect(list.box("Entregado")).toHaveAttribute("aria-pressed", "false");
    expect(await stored(page, "orders_filter")).toBeNull();
    await expect(list.table.getByRole("img", { name: "Entregado" })).toHaveCount(0);
    await list.expectMatchesBoxes();
    await screenshot(page, "orders-desktop");

    await list.box("Entregado").click();
    await expect(list.box("Entregado")).toHaveAttribute("aria-pressed", "true");
    await list.expectMatchesBoxes();
    expect(await stored(page, "orders_filter")).toMatch(/^(\d+,)+0$/);

    // Only orders without a budget: the budget cells say '-' and link nowhere.
    await filter(page, async (dialog) => {
      await expect(dialog.getByRole("group", { name: "Estados de Orden" })).toBeVisible();
      const budgets = dialog.getByRole("group", { name: "Estados de Presupuesto" });
      // Some chosen: 'Todos' chooses all, then clears all.
      await budgets.getByRole("checkbox", { name: "Todos" }).click();
      await expect(budgets.getByRole("checkbox", { name: "Todos" })).toBeChecked();
      await budgets.getByRole("checkbox", { name: "Todos" }).click();
      await expect(budgets.getByRole("checkbox", { name: "Sin Presupuesto" })).not.toBeChecked();
      await budgets.getByRole("checkbox", { name: "Sin Presupuesto" }).click();
      await screenshot(page, "orders-filter-dialog");
    });
    expect(await stored(page, "orders_budget_filter")).toBe("-1,0");
    await list.expectMatchesBoxes();
    // The budget column (the last cell is the chat button).
    await expect(list.rows.first().getByRole("cell").nth(8)).toHaveText("-");
    await expect(list.table.getByRole("link", { name: /Borrador|Enviado|Aprobado|Rechazado/ })).toHaveCount(0);

    await page.reload();
    await expect(list.rows.first()).toBeVisible();
    await expect(list.box("Entregado")).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "Filtros" }).click();
    const budgets = page
      .getByRole("dialog", { name: "Filtros" })
      .getByRole("group", { name: "Estados de Presupuesto" });
    await expect(budgets.getByRole("checkbox", { name: "Sin Presupuesto" })).toBeChecked();
    await expect(budgets.getByRole("checkbox", { name: "Todos" })).toHaveAttribute("aria-checked", "mixed");
  });

  test("search: upper-cased, after a pause, and the back arrow clears it", async ({ page }) => {
    const list = await openOrders(page);
    const total = (await list.table.getAttribute("aria-rowcount"))!;
    const identifier = await vehicleIdentifier(list);
    const search = page.getByRole("searchbox", { name: "Buscar" });
    // Both instants on the browser's clock: the last keystroke, and when the searched list was asked for.
    await search.evaluate((el) =>
      el.addEventListener("input", () => el.setAttribute("data-typed-at", String(Date.now()))),
    );
    const searched = page.waitForRequest((r) => r.url().includes("orders.list") && r.url().includes(identifier));
    await search.pressSequentially(identifier.toLowerCase());
    await expect(search).toHaveValue(identifier);
    const request = await searched;
    await request.response(); // timing() is filled in with the response
    const pause = request.timing().startTime - Number(await search.getAttribute("data-typed-at"));
    expect(pause).toBeGreaterThanOrEqual(450);
    expect(pause).toBeLessThan(2000);
    await expect(list.table).not.toHaveAttribute("aria-rowcount", total);
    for (const row of await list.rows.all()) await expect(row).toContainText(identifier);

    await page.getByRole("button", { name: "Limpiar búsqueda" }).click();
    await expect(search).toHaveValue("");
    await expect(list.table).toHaveAttribute("aria-rowcount", total);
  });

  test("the search lives in the URL: Back from an order and a reload keep it", async ({ page }) => {
    const list = await openOrders(page);
    const identifier = await vehicleIdentifier(list);
    const search = page.getByRole("searchbox", { name: "Buscar" });
    await search.fill(identifier);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${identifier}`));
    const onlyFound = async () => {
      const texts = await list.rows.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes(identifier));
    };
    await expect.poll(onlyFound).toBe(true);
    await page.locator(".order-number").first().click();
    await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
    await page.goBack();
    await expect(search).toHaveValue(identifier);
    await page.reload();
    await expect(search).toHaveValue(identifier);
    await expect(list.rows.first()).toBeVisible();
    await expect.poll(onlyFound).toBe(true);
  });

  test("'Recepción' sorts ascending, descending, and clearing the direction does not reload", async ({ page }) => {
    const list = await openOrders(page);
    let requests = 0;
    page.on("request", (r) => {
      if (r.url().includes("orders.list")) requests++;
    });
    const header = list.table.getByRole("columnheader", { name: /Recepción/ });
    const firstNumber = () => list.rows.first().getByRole("cell").nth(1).textContent();
    const newest = await firstNumber();

    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(firstNumber).not.toBe(newest);
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    await expect.poll(firstNumber).toBe(newest);
    const before = requests;
    await header.getByRole("button").click();
    await expect(header).toHaveAttribute("aria-sort", "none");
    await page.waitForTimeout(500);
    expect(requests).toBe(before);
    expect(await firstNumber()).toBe(newest);
  });

  test("infinite scroll: 2,000 rows loaded, fewer than 100 rows in the DOM", async ({ page }) => {
    test.setTimeout(120_000);
    const list = await openOrders(page, "admin@escala.demo");
    // Every status: most of the generated orders are delivered or cancelled.
    await filter(page, async (dialog) => {
      await chooseAll(dialog, "Estados de Orden");
      await chooseAll(dialog, "Estados de Presupuesto");
    });
    await expect(list.table).toHaveAttribute("aria-rowcount", String(E2E_SCALE_ORDERS + 1));

    await list.scrollUntilRow(2001);
    expect(await list.table.getByRole("row").count()).toBeLessThan(100);
    await screenshot(page, "orders-deep-scroll");
  });

  test("export: 'Filtros Adicionales', progress while it builds, a valid workbook", async ({ page }) => {
    const list = await openOrders(page);
    // The export takes every filter of the list: with only orders without a budget, the boxes count what it exports.
    await filter(page, async (dialog) => {
      await chooseAll(dialog, "Estados de Presupuesto");
      await dialog
        .getByRole("group", { name: "Estados de Presupuesto" })
        .getByRole("checkbox", { name: "Todos" })
        .click();
      await dialog.getByRole("checkbox", { name: "Sin Presupuesto" }).click();
    });
    await list.expectMatchesBoxes();
    const expected = await list.pressedTotal();

    // Slow the answer down a little so the progress is observable.
    await page.route(
      (url) => url.pathname.includes("orders.export"),
      async (route) => {
        await new Promise((r) => setTimeout(r, 800));
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Exportar" }).click();
    const dialog = page.getByRole("dialog", { name: "Filtros Adicionales" });
    await expect(dialog.getByText("*Máximo 1000 registros")).toBeVisible();
    const reception = dialog.getByRole("group", { name: "Fecha Recepción" });
    await expect(dialog.getByRole("group", { name: "Fecha Entrega" })).toBeVisible();
    await reception.getByLabel("Desde").fill("31-12-2026");
    await reception.getByLabel("Hasta").fill("01-01-2026");
    await dialog.getByRole("button", { name: "Exportar" }).click();
    await expect(dialog.getByText("La fecha final es anterior a la inicial")).toBeVisible();
    await reception.getByLabel("Desde").fill("");
    await reception.getByLabel("Hasta").fill("");
    await screenshot(page, "orders-export-dialog");

    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Exportar" }).click();
    await expect(page.getByRole("button", { name: "Exportando" })).toBeDisabled();
    await expect(page.getByText("Generando archivo…")).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Órdenes de Trabajo \d{2}-\d{2}-\d{4} \d{2}-\d{2}\.xlsx$/);
    await expect(page.getByRole("button", { name: "Exportar" })).toBeEnabled();

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await file.path());
    const sheet = workbook.getWorksheet("Data");
    expect(sheet).toBeDefined();
    expect(sheet!.getRow(1).getCell(1).value).toBe("N° Orden");
    expect(sheet!.actualRowCount - 1).toBe(expected);
  });

  test("the location selector filters the list and its counts", async ({ page }) => {
    const list = await openOrders(page);
    await list.expectMatchesBoxes();
    const everywhere = await list.table.getAttribute("aria-rowcount");
    const refetched = page.waitForResponse((r) => r.url().includes("orders.list"));
    await page.getByRole("button", { name: "Locales: Todos" }).click();
    await page.getByRole("menuitemcheckbox", { name: "Sucursal Providencia" }).click();
    await page.keyboard.press("Escape");
    expect((await refetched).url()).toContain("location_ids");
    await expect(list.table).not.toHaveAttribute("aria-rowcount", everywhere!);
    await list.expectMatchesBoxes();
  });

  test("a failed load: 'Error al cargar las órdenes' with 'Cerrar', and 'Reintentar' instead of an empty list", async ({
    page,
  }) => {
    await loginToShell(page, "admin@taller.demo");
    // Batched requests name several procedures in one path.
    await page.route(
      (url) => url.pathname.includes("orders.list"),
      (route) => route.abort(),
    );
    await page.goto("/main/orders");
    // The toast and its screen-reader announcement both carry the text.
    const snackbar = page.getByText("Error al cargar las órdenes").first();
    await expect(snackbar).toBeVisible({ timeout: 15_000 });
    // A failed load is not an empty list: it says so and offers to try again.
    await expect(page.getByText("No se han encontrado Órdenes de Trabajo")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reintentar" }).first()).toBeVisible();
    await screenshot(page, "orders-load-error");
    await page.getByRole("button", { name: "Cerrar", exact: true }).click();
    await expect(snackbar).toHaveCount(0);
  });

  test("a row opens the order's page; its detail is complete, reception's data read-only", async ({ page }) => {
    const list = await openOrders(page);
    const number = (await list.rows.first().getByRole("cell").nth(1).textContent())!.trim();
    await list.rows.first().getByRole("cell").nth(2).click();
    await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Orden de Trabajo" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: number })).toBeVisible();
    for (const section of ["Cliente", "Vehículo", "Fechas", "Último presupuesto", "Comentario", "Fotos"]) {
      await expect(page.getByRole("heading", { level: 3, name: section })).toBeVisible();
    }
    // The one field is the order's own life (its promised date, beside the status); reception's data reads as text.
    await expect(page.getByRole("textbox")).toHaveCount(1);
    await expect(page.getByRole("textbox", { name: "Entrega agendada" })).toBeVisible();
    await screenshot(page, "order-detail-desktop");
    await page.getByRole("link", { name: "Volver" }).click();
    await expect(page).toHaveURL(/\/main\/orders$/);
  });
});

test.describe("mobile, 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("cards instead of the table, no status boxes; a card opens the order", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo", "/main/orders");
    const cards = page.getByRole("list", { name: "Órdenes de Trabajo" }).getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Estados de Orden" })).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Buscar" })).toBeVisible();
    await expect(cards.first()).toContainText(/#\d+/);
    await screenshot(page, "orders-mobile");

    await cards.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
    await expect(page.getByRole("heading", { level: 3, name: "Fechas" })).toBeVisible();
    await screenshot(page, "order-detail-mobile");
  });
});
