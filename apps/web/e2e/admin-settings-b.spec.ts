/**
 * The company's setup at /admin (statuses, preferences, work-point devices): an administrator adds a budget status
 * with its colour and the one status it may move to; a budget's status menu offers it, and once there, only that
 * one. A renamed side-menu module reaches a second browser's shell without reloading (company.setup_changed), and
 * is put back. A revoked screen's kiosk session ends. Otro Taller's logo is uploaded, shown and removed. Also at
 * 390 px. Names are unique per run: the server and its database are shared with the other specs.
 */
import { DEMO_WORKPOINT_CODE } from "@taller/db/seed";
import { expect, type Page, test } from "@playwright/test";
import { loginToShell, screenshot, TINY_PNG } from "./fixtures";
import { createOwnBudget } from "./forms";

test.describe.configure({ mode: "serial", timeout: 150_000 });

const run = Date.now().toString(36);

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

test("a new budget status with its colour and transition is offered by a budget's status menu", async ({ page }) => {
  const name = `Revisión ${run}`;
  await loginToShell(page, "admin@taller.demo", "/admin/statuses");
  await page.getByLabel("Tipo de documento").click();
  await page.getByRole("option", { name: "Presupuestos" }).click();
  const form = page.getByRole("form", { name: "Nuevo estado" });

  // A colour that is not #rrggbb comes back on its field.
  await form.getByLabel("Nombre del estado").fill(name);
  await form.getByRole("textbox", { name: "Color", exact: true }).fill("#12g");
  await form.getByRole("button", { name: "Agregar estado" }).click();
  await expect(form.getByText("Color inválido (formato #rrggbb)")).toBeVisible();
  await form.getByRole("textbox", { name: "Color", exact: true }).fill("#1a7f5a");
  await form.getByRole("button", { name: "Agregar estado" }).click();
  const list = page.getByRole("list", { name: "Estados de Presupuestos" });
  const row = list.getByRole("listitem").filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.locator(".status-dot")).toHaveCSS("background-color", "rgb(26, 127, 90)");

  // It may move only back to 'Borrador'.
  await row.getByRole("button", { name: `Editar ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Editar ${name}` });
  await dialog.getByRole("checkbox", { name: "Borrador" }).click();
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Pasa a: Borrador");

  const budgetId = await createOwnBudget(page, { description: "Revisión", unit_price: 10_000 });
  await page.goto(`/main/budgets/${budgetId}`);
  const menu = page.getByLabel("Cambiar estado");
  await menu.click();
  await expect(page.getByRole("option", { name })).toBeVisible();
  await expect(page.getByRole("option", { name: "Enviado" })).toBeVisible();
  await page.getByRole("option", { name }).click();
  await expect(menu).toContainText(name);
  // From the new status the menu offers only what the administrator allowed.
  await menu.click();
  await expect(page.getByRole("option")).toHaveText(["Borrador", name]);
  await page.keyboard.press("Escape");
});

test("a preference change reaches a second browser's shell without reloading, and is put back", async ({
  page,
  browser,
}) => {
  const renamed = `Calendario ${run}`;
  const other = await browser.newContext();
  const watcher = await other.newPage();
  await loginToShell(watcher, "admin@taller.demo", "/main/orders");
  await expect(watcher.getByRole("link", { name: "Calendario", exact: true })).toBeVisible();

  await loginToShell(page, "admin@taller.demo");
  // Taller Demo's preferences as found, written back whatever happens (other specs read them).
  const found = await page.request.get("/trpc/admin.preferences.get", { headers: { "x-trpc-source": "web" } });
  expect(found.ok()).toBe(true);
  const original = ((await found.json()) as { result: { data: { json: unknown } } }).result.data.json;
  try {
    await renameAndWatch(page, watcher, renamed);
  } finally {
    const restored = await page.request.post("/trpc/admin.preferences.update", {
      headers: { "x-trpc-source": "web" },
      data: { json: original },
    });
    expect(restored.ok()).toBe(true);
    await other.close();
  }
});

async function renameAndWatch(page: Page, watcher: Page, renamed: string) {
  await page.goto("/admin/preferences");
  const modules = page.getByRole("list", { name: "Módulos del menú" });
  // The demo's fifth module, one with its screen (the menu lists no other); its row keeps its place while renamed.
  const calendar = modules.getByRole("listitem").nth(4);
  await expect(calendar.getByRole("checkbox", { name: "Mostrar Calendario" })).toBeChecked();
  await calendar.getByRole("textbox", { name: "Nombre" }).fill(renamed);
  // A domain a frame-ancestors header cannot carry is refused on its field; nothing is saved.
  const domains = page.getByLabel("Dominios permitidos");
  const domainsBefore = await domains.inputValue();
  await domains.fill("https://ok.cl mal;dominio");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByText("Dominio inválido: mal;dominio")).toBeVisible();
  await domains.fill(domainsBefore);
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(page.getByText("Preferencias guardadas", { exact: true })).toBeVisible();

  await expect(watcher.getByRole("link", { name: renamed })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await screenshot(page, "admin-preferences-390");

  // Put back, and the watcher follows again.
  await calendar.getByRole("textbox", { name: "Nombre" }).fill("Calendario");
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(watcher.getByRole("link", { name: "Calendario", exact: true })).toBeVisible();
}

test("revoking a screen ends its kiosk session; the statuses page at 390 px", async ({ page, browser }) => {
  const screen = `Pantalla ${run}`;
  await loginToShell(page, "admin@taller.demo", "/admin/workpoints");
  await page.getByLabel("Nombre").fill(screen);
  await page.getByRole("button", { name: "Registrar" }).click();
  const link = (await page.getByTestId("workpoint-link").getAttribute("href")) ?? "";

  const kioskContext = await browser.newContext();
  const kiosk = await kioskContext.newPage();
  await kiosk.goto(link);
  await kiosk.getByLabel("Codigo Ingreso").fill(DEMO_WORKPOINT_CODE);
  await kiosk.getByRole("button", { name: "Entrar" }).click();
  await expect(kiosk.getByRole("heading", { name: "Hola, Tomás Técnico" })).toBeVisible();

  const item = page
    .getByRole("list", { name: "Pantallas registradas" })
    .getByRole("listitem")
    .filter({ hasText: screen });
  await item.getByRole("button", { name: "Revocar" }).click();
  const confirm = page.getByRole("dialog", { name: "Revocar punto de trabajo" });
  await confirm.getByRole("button", { name: "Revocar" }).click();
  // The dialog closes once the server answered (while open it hides the list from the accessibility tree).
  await expect(confirm).toBeHidden();
  await expect(item).toHaveCount(0);

  await kiosk.reload();
  await expect(kiosk).toHaveURL(/\/workpoint\/unauthorized$/);
  await kioskContext.close();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/statuses");
  await expect(page.getByRole("list", { name: "Estados de Órdenes de Trabajo" })).toBeVisible();
  await noSidewaysScroll(page);
  await screenshot(page, "admin-statuses-390");
});

test("the company's logo: uploaded from the preferences, shown in the shell's menu, refused when not a picture, removed", async ({
  page,
}) => {
  // Otro Taller's: the other specs read Taller Demo's shell.
  await loginToShell(page, "admin@otro.demo", "/admin/preferences");
  const input = page.getByTestId("logo-input");
  await input.setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("no soy una imagen") });
  await expect(page.getByText("Formato no aceptado")).toBeVisible();

  await input.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(page.getByText("Logo actualizado", { exact: true })).toBeVisible();
  const logo = page.getByRole("img", { name: "Logo de Otro Taller" });
  const src = (await logo.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/files\/[A-Za-z0-9_-]{24}$/);
  expect((await page.request.get(src)).headers()["content-type"]).toContain("image/png");

  await page.getByRole("link", { name: "Volver" }).click();
  await expect(page.locator("img.sidebar-logo").first()).toHaveAttribute("src", src);

  await page.goto("/admin/preferences");
  await page.getByRole("button", { name: "Quitar logo" }).click();
  await expect(page.getByText("Logo quitado", { exact: true })).toBeVisible();
  await expect(logo).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Quitar logo" })).toHaveCount(0);
});
