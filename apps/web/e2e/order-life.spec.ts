/**
 * The order's life on its detail: moving an order through three statuses in one browser while a second browser's
 * orders list, calendar and vehicles list follow; the control offers only the company's transitions (and says why
 * 'Entregar' waits); a browser that missed the changes is refused with the conflict message and shown the order as it
 * now is; delivery; and cancelling with a required reason. Each test takes an order in 'Recepcionado' of its own (the
 * oldest loaded that is not one of the demo's WhatsApp chats).
 */
import { expect as baseExpect, type Browser, type Page, test } from "@playwright/test";
import { DEFAULT_TERMS, formatDay, ORDER_TEXTS, termWords, todayIn } from "@taller/core";
import { loginToShell } from "./fixtures";
import { whatsappChatNumbers } from "./chat-helpers";
import { listScreen } from "./lists";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN = "admin@taller.demo";
/** The demo names its orders with the default term. */
const demoOrder = termWords(DEFAULT_TERMS.order);
const ordersList = (page: Page) => listScreen(page, { table: "Órdenes de Trabajo", boxes: "Estados de Orden" });

async function otherBrowser(browser: Browser, live = true) {
  const context = await browser.newContext();
  // Without the WebSocket the page hears of no change: it keeps the order as it first loaded it.
  if (!live) await context.routeWebSocket("**", () => undefined);
  const page = await context.newPage();
  await loginToShell(page, ADMIN);
  return { context, page };
}

/**
 * An order in 'Recepcionado' from the list filtered to that status, the last in view (each test moves its order on,
 * so the next takes another); never one of the demo's WhatsApp chats, which finishing the order would archive.
 */
async function receivedOrder(page: Page) {
  await loginToShell(page, ADMIN);
  const whatsapp = await whatsappChatNumbers(page);
  await page.goto("/main/orders");
  const list = ordersList(page);
  await expect(list.rows.first()).toBeVisible();
  // Only 'Recepcionado' listed while choosing: the rows in view are all candidates, however many orders other tests
  // moved on. The boxes are put back afterwards, so the list follows the order through its next statuses.
  const boxes = list.boxes.getByRole("button");
  const pressedBefore = await boxes.evaluateAll((all) => all.map((b) => b.getAttribute("aria-pressed") === "true"));
  const received = list.box("Recepcionado");
  if ((await received.getAttribute("aria-pressed")) !== "true") await received.click();
  const others = list.boxes.getByRole("button", { pressed: true }).filter({ hasNotText: "Recepcionado" });
  for (let left = await others.count(); left > 0; left--) {
    await others.first().click();
    await expect(others).toHaveCount(left - 1);
  }
  await list.expectMatchesBoxes();
  // With a vehicle: another test's booking received without one gives an order the vehicles list cannot show.
  const candidates = list.rows
    .filter({ has: page.getByRole("img", { name: "Recepcionado" }) })
    .filter({ has: page.locator('a[href^="/main/vehicles"]') })
    .locator("a.order-number");
  const numbers = (await candidates.allTextContents()).map((n) => n.trim()).filter((n) => !whatsapp.has(n));
  const number = numbers.at(-1) ?? "";
  expect(number, "a received order of its own").toMatch(/^#\d+$/);
  const row = list.rows.filter({ has: page.locator("a.order-number", { hasText: new RegExp(`^${number}$`) }) });
  const href = (await row.locator("a.order-number").getAttribute("href")) ?? "";
  const plate = ((await row.locator('a[href^="/main/vehicles"]').textContent()) ?? "").trim();

  for (const [index, pressed] of pressedBefore.entries()) {
    const box = boxes.nth(index);
    if ((await box.getAttribute("aria-pressed")) !== String(pressed)) await box.click();
    await expect(box).toHaveAttribute("aria-pressed", String(pressed));
  }
  // Its vehicle searched, the order's row stays in view whatever else the list holds.
  await page.getByRole("searchbox", { name: "Buscar" }).fill(plate);
  await expect(row).toBeVisible();
  return { list, row, href };
}

async function chooseStatus(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Cambiar estado" }).click();
  await page.getByRole("option", { name, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Estado actualizado" })).toBeVisible();
}

test("three statuses in one browser, the other's list, calendar and vehicles follow; a stale browser is told; then delivered", async ({
  page,
  browser,
}) => {
  const { row, href } = await receivedOrder(page);
  const number = (await row.locator("a.order-number").textContent()) ?? "";
  const plateLink = row.locator('a[href^="/main/vehicles"]');
  const plate = (await plateLink.textContent()) ?? "";
  // The watching browser also shows the vehicle in the vehicles list and today's deliveries, in tabs of its own.
  const vehiclesTab = await page.context().newPage();
  await vehiclesTab.goto((await plateLink.getAttribute("href")) ?? "");
  const vehicleRow = listScreen(vehiclesTab, { table: "Vehículos", boxes: "Estados de Vehículos" }).rows.filter({
    hasText: plate,
  });
  await expect(vehicleRow).toContainText(`Orden ${number}`);
  const today = todayIn();
  const calendarTab = await page.context().newPage();
  await calendarTab.goto(`/main/calendar?date=${today}&view=day`);
  const delivery = calendarTab.locator(".calendar-day .calendar-item").filter({ hasText: plate });

  const stale = await otherBrowser(browser, false);
  await stale.page.goto(href);
  await expect(stale.page.getByRole("combobox", { name: "Cambiar estado" })).toContainText("Recepcionado");

  const other = await otherBrowser(browser);
  await other.page.goto(href);
  await other.page.getByLabel("Entrega agendada").fill(formatDay(today));
  await other.page.getByLabel("Entrega agendada").press("Tab");
  await other.page.getByRole("button", { name: "Guardar fecha" }).click();
  await expect(other.page.getByRole("status").filter({ hasText: "Orden de Trabajo actualizada" })).toBeVisible();
  await expect(delivery).toContainText("Finalización agendada");
  await expect(vehicleRow).toContainText(`Entrega agendada: ${formatDay(today)}`);
  for (const name of ["En diagnóstico", "En reparación", "Control de calidad"]) {
    await chooseStatus(other.page, name);
    await expect(row.getByRole("img", { name })).toBeVisible();
    await expect(delivery).toContainText(name);
  }
  // From 'Control de calidad' the demo allows 'En reparación' and 'Listo para entrega' (and 'Anular'), not a jump
  // back to the start nor straight to delivery.
  await other.page.getByRole("combobox", { name: "Cambiar estado" }).click();
  await expect(other.page.getByRole("option", { name: "Recepcionado" })).toHaveCount(0);
  await expect(other.page.getByRole("option", { name: "Listo para entrega" })).toBeVisible();
  await other.page.keyboard.press("Escape");
  await expect(other.page.getByRole("button", { name: "Entregar" })).toBeDisabled();
  await expect(other.page.getByText(/^Para entregar, la orden de trabajo debe estar/)).toBeVisible();

  // The stale browser still shows 'Recepcionado': its edit loses, it is told, and the order reloads.
  await stale.page.getByLabel("Entrega agendada").fill("31-12-2030");
  await stale.page.getByLabel("Entrega agendada").press("Tab");
  await stale.page.getByRole("button", { name: "Guardar fecha" }).click();
  await expect(stale.page.getByRole("alert").filter({ hasText: ORDER_TEXTS.stale(demoOrder) })).toBeVisible();
  await expect(stale.page.getByRole("combobox", { name: "Cambiar estado" })).toContainText("Control de calidad");

  await chooseStatus(other.page, "Listo para entrega");
  await other.page.getByRole("button", { name: "Entregar" }).click();
  await expect(other.page.getByRole("status").filter({ hasText: "Orden de Trabajo entregada" })).toBeVisible();
  await expect(other.page.getByText(`${ORDER_TEXTS.finished(demoOrder)}.`)).toBeVisible();
  // 'Entregado' is a finished status: the list's default filter leaves the order out. Delivered on its promised day:
  // on time in the calendar; no longer the vehicle's open order.
  await expect(row).toHaveCount(0);
  await expect(delivery).toContainText("Finalizado a tiempo");
  await expect(delivery).toContainText("Entregado");
  await expect(vehicleRow).not.toContainText(`Orden ${number}`);
  await stale.context.close();
  await other.context.close();
});

test("'Anular' asks for the reason and keeps it in the history", async ({ page }) => {
  const { href } = await receivedOrder(page);
  await page.goto(href);
  await page.getByRole("button", { name: "Anular" }).click();
  const dialog = page.getByRole("dialog", { name: /^Anular orden de trabajo #\d+$/ });
  await dialog.getByRole("button", { name: "Anular orden de trabajo" }).click();
  await expect(dialog.getByText(ORDER_TEXTS.reasonRequired)).toBeVisible();
  await dialog.getByLabel("Motivo").fill("Cliente desiste");
  await dialog.getByRole("button", { name: "Anular orden de trabajo" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Orden de Trabajo anulada" })).toBeVisible();
  await expect(page.getByText("Motivo de anulación: Cliente desiste")).toBeVisible();
  await expect(page.locator(".order-status-logs li").last()).toContainText("Cliente desiste");
});
