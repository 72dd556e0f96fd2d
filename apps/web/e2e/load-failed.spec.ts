/**
 * Loading, empty and failed are three states (docs/web.md, "Loading, empty and failed"): when the server fails, a
 * screen says what did not load, with 'Reintentar', never its empty text or an endless spinner. The failures are
 * made here: every call of one procedure answers 500 until the test lets it through.
 */
import { addDays, todayIn } from "@taller/core";
import { expect, type Page, test } from "@playwright/test";
import { holdBackChunks, loginToShell } from "./fixtures";

/** Makes every HTTP batch that calls `procedure` answer 500 until the returned function is called. */
async function failing(page: Page, procedure: string): Promise<() => void> {
  let on = true;
  await page.route("**/trpc/**", (route) => {
    const procedures = new URL(route.request().url()).pathname.slice("/trpc/".length).split(",");
    if (on && procedures.includes(procedure)) return route.fulfill({ status: 500, body: "fallo de prueba" });
    return route.fallback();
  });
  return () => {
    on = false;
  };
}

// Queries ask three times (lib/trpc.tsx) before they fail, a second apart and then two: more than expect's default.
const FAILED = { timeout: 30_000 };

const CASES: {
  name: string;
  path: string;
  procedure: string;
  failed: string;
  /** What the screen says when there is nothing (or while loading): never shown for a failure. */
  empty?: string;
  loaded(page: Page): ReturnType<Page["getByRole"]>;
}[] = [
  {
    name: "the retentions list",
    path: "/main/crm/retentions",
    procedure: "crm.retentions",
    failed: "No se pudo cargar la lista de retenciones.",
    empty: "No se han encontrado retenciones",
    loaded: (page) => page.getByRole("table", { name: "Retenciones" }).getByRole("row").nth(1),
  },
  {
    name: "the agenda's day",
    path: `/main/booking?date=${addDays(todayIn("America/Santiago"), 1)}`,
    procedure: "booking.range",
    failed: "No se pudo cargar la agenda.",
    empty: "Cargando agenda…",
    loaded: (page) => page.getByRole("region", { name: "Día" }),
  },
  {
    name: "the orders list",
    path: "/main/orders",
    procedure: "orders.list",
    failed: "No se pudo cargar la lista de órdenes de trabajo.",
    empty: "No se han encontrado Órdenes de Trabajo",
    loaded: (page) => page.getByRole("table", { name: "Órdenes de Trabajo" }).getByRole("row").nth(1),
  },
  {
    name: "the vehicles list",
    path: "/main/vehicles",
    procedure: "vehicles.list",
    failed: "No se pudo cargar la lista de vehículos.",
    empty: "No se han encontrado vehículos",
    loaded: (page) => page.getByRole("table", { name: "Vehículos" }).getByRole("row").nth(1),
  },
  {
    // Asked for by the route's loader before the screen renders (lib/prefetch.ts): its failure shows all the same.
    name: "the budgets list",
    path: "/main/budgets",
    procedure: "budgets.list",
    failed: "No se pudieron cargar los presupuestos.",
    empty: "No se han encontrado presupuestos",
    loaded: (page) => page.getByRole("table", { name: "Presupuestos" }).getByRole("row").nth(1),
  },
  {
    name: "the clients list",
    path: "/main/crm/clients",
    procedure: "crm.clients",
    failed: "No se pudo cargar la lista de clientes.",
    loaded: (page) => page.getByRole("table", { name: "Clientes" }).getByRole("row").nth(1),
  },
  {
    name: "the calendar",
    path: "/main/calendar",
    // The month grid asks calendar.month (the week and day views ask calendar.range).
    procedure: "calendar.month",
    failed: "No se pudo cargar el calendario.",
    loaded: (page) => page.getByRole("grid"),
  },
];

for (const c of CASES) {
  test(`${c.name}: a failed load says so with 'Reintentar', not its empty text; Reintentar loads it`, async ({
    page,
  }) => {
    await loginToShell(page, "admin@taller.demo");
    const recover = await failing(page, c.procedure);
    await page.goto(c.path);
    const failed = page.getByRole("alert").filter({ hasText: c.failed });
    await expect(failed).toBeVisible(FAILED);
    // No answer came from the server: the connection is named.
    await expect(failed).toContainText("Revisa tu conexión a internet e intenta nuevamente.");
    if (c.empty) await expect(page.getByText(c.empty, { exact: true })).toHaveCount(0);
    await expect(c.loaded(page)).toHaveCount(0);

    recover();
    // 'Reintentar' loads it. A refetch of the app's own (a live refresh after another test changed the company's
    // data, or a query's retry) may get there first and take the button away: pressed while it shows.
    const retry = failed.getByRole("button", { name: "Reintentar" });
    await expect(async () => {
      if (await retry.isVisible()) await retry.click({ timeout: 2_000 });
      await expect(c.loaded(page)).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(page.getByText(c.failed)).toHaveCount(0);
  });
}

test("a dialog whose form's code did not arrive says so with 'Reintentar', which loads it", async ({ page }) => {
  await loginToShell(page, "admin@taller.demo");
  // The calendar's event form is a chunk of its own (lib/lazy-part.tsx), fetched after the first paint.
  const release = await holdBackChunks(page, "event-form");
  await page.goto("/main/calendar");
  await page.getByRole("button", { name: "Nuevo evento" }).click();
  const dialog = page.getByRole("dialog", { name: "Nuevo evento" });
  const failed = dialog.getByRole("alert").filter({ hasText: "No se pudo cargar el formulario." });
  await expect(failed).toContainText("Revisa tu conexión a internet e intenta nuevamente.");
  await expect(dialog.getByLabel("Nombre")).toHaveCount(0);

  release();
  await failed.getByRole("button", { name: "Reintentar" }).click();
  await expect(dialog.getByLabel("Nombre")).toBeVisible();
  await expect(failed).toHaveCount(0);
});

for (const c of [
  {
    // Radix's dialog loads after the first paint (ui/dialog.tsx). Its failed load used to stay for good, so the error
    // page's 'Reintentar' showed the same error again.
    name: "a dialog whose library did not arrive fails the page with 'Reintentar', which loads it",
    chunk: "dialog-radix",
    field: "Nombre",
  },
  {
    // The event form's date picker (ui/date-field.tsx) is not the form's own part: the form's 'Reintentar' could not
    // load it again, so its failure goes on to the page's.
    name: "a control whose code did not arrive inside a form fails the page, whose 'Reintentar' loads it",
    chunk: "date-picker-popover",
    field: "Fecha",
  },
]) {
  test(c.name, async ({ page }) => {
    const release = await holdBackChunks(page, c.chunk);
    // The tooltips' code never arrives: their buttons stay, without a tooltip, and the page with them.
    await holdBackChunks(page, "tooltip-popup");
    await loginToShell(page, "admin@taller.demo", "/main/calendar");
    await expect(page.locator(".toolbar .chat-toggle")).toBeVisible();
    await page.getByRole("button", { name: "Nuevo evento" }).click();
    const failed = page.getByRole("alert").filter({ hasText: "No se pudo cargar esta página." });
    await expect(failed).toBeVisible();
    await expect(page.getByText("No se pudo cargar el formulario.")).toHaveCount(0);

    release();
    await failed.getByRole("button", { name: "Reintentar" }).click();
    await page.getByRole("button", { name: "Nuevo evento" }).click();
    await expect(page.getByRole("dialog", { name: "Nuevo evento" }).getByLabel(c.field)).toBeVisible();
  });
}

test("a form whose checking code did not arrive says so when sent, and sends once it arrives", async ({ page }) => {
  // The reception's schema (and zod) load when the form first validates (lib/forms.ts useLazyZodForm), not with the
  // screen: blocked, 'Recepcionar' names the failure instead of doing nothing.
  const release = await holdBackChunks(page, "reception-schema");
  await loginToShell(page, "admin@taller.demo", "/main/checkin");
  await page.getByLabel("Patente").fill("ZZXY12");
  await page.getByLabel("Teléfono").fill("123");
  await page.getByRole("button", { name: "Recepcionar" }).click();
  await expect(page.getByText("No se pudo cargar el formulario. Revisa tu conexión a internet")).toBeVisible();

  release();
  await page.getByRole("button", { name: "Recepcionar" }).click();
  // Checked now: the bad phone is marked on its field, and nothing typed is lost.
  await expect(page.getByText("No se pudo cargar el formulario.")).toHaveCount(0);
  await expect(page.getByText("Teléfono inválido (+56 9 1234 5678)")).toBeVisible();
  await expect(page.getByLabel("Patente")).toHaveValue("ZZXY12");
});

// The shell's own lazy parts: one whose code did not arrive stays in its place, with a way to load it again, and the
// shell and its page go on (before, any of them took the whole staff area to its error page).
test("the toolbar's location selector whose code did not arrive leaves a button that loads it", async ({ page }) => {
  const release = await holdBackChunks(page, "location-select");
  await loginToShell(page, "admin@taller.demo", "/main/calendar");
  const retry = page.getByRole("button", { name: "No se pudo cargar el selector de locales. Reintentar" });
  await expect(retry).toBeVisible();
  await expect(page.getByRole("button", { name: "Nuevo evento" })).toBeVisible();
  await expect(page.getByText("No se pudo cargar esta página.")).toHaveCount(0);

  release();
  await retry.click();
  await expect(page.locator(".toolbar").getByRole("button", { name: /^Locales: / })).toBeVisible();
  await expect(retry).toHaveCount(0);
});

test("the chat panel whose code did not arrive says so inside the panel, with 'Reintentar'", async ({ page }) => {
  const release = await holdBackChunks(page, "chat-panel");
  await loginToShell(page, "admin@taller.demo", "/main/calendar");
  const toggle = page.getByRole("button", { name: "Mostrar chat" });
  if (await toggle.isVisible()) await toggle.click();
  const chat = page.getByRole("complementary", { name: "Chat" });
  const failed = chat.getByRole("alert").filter({ hasText: "No se pudo cargar el chat." });
  await expect(failed).toBeVisible();
  await expect(page.getByRole("button", { name: "Nuevo evento" })).toBeVisible();

  release();
  await failed.getByRole("button", { name: "Reintentar" }).click();
  await expect(chat.locator(".chat-list-footer .user-card")).toContainText("Ana Administradora");
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu drawer whose code did not arrive still opens the menu", async ({ page }) => {
    await holdBackChunks(page, "side-menu-drawer");
    await loginToShell(page, "admin@taller.demo", "/main/calendar");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const menu = page.getByRole("dialog", { name: "Menú" });
    await expect(menu).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await menu.getByRole("link", { name: "Mi Perfil" }).click();
    await expect(page).toHaveURL(/\/main\/settings$/);
    await expect(menu).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Mi Perfil" })).toBeVisible();
  });
});
