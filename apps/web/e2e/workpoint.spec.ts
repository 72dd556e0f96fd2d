/**
 * The work-point kiosk end to end (seed 000 sections 2.9, 4, 6, 8, 9): an administrator registers a shared screen and
 * opens its link, where their own staff session is refused ('No tienes acceso a esta característica'); after
 * 'Cerrar sesión' a wrong code is marked invalid, the right one shows the technician's works, a work is started and
 * the inactivity logout (a short workpoint_logout_time in this spec's own server) closes the open dialog and goes
 * back to the login. Also at 390 px, the invalid-token page, and a work's card following its order cancelled elsewhere.
 */
import { DEMO_WORKPOINT_CODE } from "@taller/db/seed";
import { expect, type Page, test } from "@playwright/test";
import { screenshot } from "./fixtures";
import { type E2EServer, startServer } from "./server";

/** Seconds of inactivity before this spec's kiosk logs out. */
const LOGOUT_SECONDS = 4;

let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({
    prepare: async (db) => {
      await db.execute(
        `UPDATE companies SET preferences = jsonb_set(preferences, '{workpoint_logout_time}', '${LOGOUT_SECONDS}') WHERE domain = 'taller.demo'`,
      );
      // The orders of the technician's open works start in the first status, from which they can be cancelled.
      await db.execute(
        `UPDATE orders o SET ended_at = NULL, status_id = (SELECT s.id FROM statuses s
           WHERE s.company_id = o.company_id AND s.type = 'Order' ORDER BY s.position, s.id LIMIT 1)
         WHERE o.id IN (SELECT w.document_id FROM works w JOIN users u ON u.id = w.user_id
           WHERE u.email = 'tecnico@taller.demo' AND w.document_type = 'Order' AND w.completed_at IS NULL)`,
      );
    },
  });
});
test.afterAll(async () => server?.dispose());
// Each test logs in and loads several screens on a machine the other specs share: more than the default minute.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const url = (path: string) => `${server.url}${path}`;

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
}

async function registerDevice(page: Page, name: string): Promise<string> {
  await page.goto(url("/login"));
  await loginToShellAt(page, "admin@taller.demo");
  await page.goto(url("/admin/workpoints"));
  await page.getByLabel("Nombre").fill(name);
  await page.getByRole("button", { name: "Registrar" }).click();
  const link = page.getByTestId("workpoint-link");
  await expect(link).toBeVisible();
  await expect(page.getByRole("list", { name: "Pantallas registradas" })).toContainText(name);
  return (await link.getAttribute("href"))!;
}

/** The login form of this spec's server (fixtures.loginToShell uses the shared one). */
async function loginToShellAt(page: Page, email: string) {
  await page.getByLabel("Correo").fill(email);
  await page.getByLabel("Contraseña").fill("demo1234");
  await page.getByRole("button", { name: "Ingresar" }).click();
  await expect(page).toHaveURL(/\/main\//);
}

test("register a screen, refuse the staff session there, wrong then right code, works, inactivity logout", async ({
  page,
}) => {
  const link = await registerDevice(page, "Pantalla e2e");
  expect(link).toMatch(/\/workpoint\/login\?token=[\w-]{40,}$/);

  await page.goto(link);
  // The token is stored and taken out of the address.
  await expect(page).toHaveURL(/\/workpoint\/login$/);
  await expect(page.getByRole("alert")).toHaveText("No tienes acceso a esta característica");
  await page.getByRole("button", { name: "Cerrar sesión" }).click();

  const code = page.getByLabel("Codigo Ingreso");
  await expect(code).toHaveAttribute("type", "password");
  await code.fill("0000");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Código inválido")).toBeVisible();
  await code.fill(DEMO_WORKPOINT_CODE);
  await page.getByRole("button", { name: "Entrar" }).click();

  await expect(page).toHaveURL(/\/workpoint\/main\/works$/);
  await expect(page.getByRole("heading", { name: "Hola, Tomás Técnico" })).toBeVisible();
  const works = page.getByRole("list", { name: "Mis trabajos" }).getByRole("listitem");
  await expect(works.first()).toBeVisible();
  const pending = works.filter({ has: page.getByRole("button", { name: "Iniciar" }) }).first();
  const name = (await pending.getByRole("heading").textContent())!;
  await pending.getByRole("button", { name: "Iniciar" }).click();
  await expect(works.filter({ hasText: name }).first()).toContainText("En curso");
  await screenshot(page, "kiosk-works");

  // A dialog left open, then nobody touches the screen: the dialog closes and the kiosk logs out.
  await works.first().getByRole("button", { name: "Terminar" }).click();
  await expect(page.getByRole("dialog", { name: "Terminar trabajo" })).toBeVisible();
  await expect(page).toHaveURL(/\/workpoint\/login$/, { timeout: (LOGOUT_SECONDS + 6) * 1000 });
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByLabel("Codigo Ingreso")).toBeVisible();
  // The session really ended: the works page sends back to the login.
  await page.goto(url("/workpoint/main/works"));
  await expect(page).toHaveURL(/\/workpoint\/login$/);
});

test("at 390 px: the login and the works fit the screen", async ({ browser }) => {
  const admin = await browser.newPage();
  const link = await registerDevice(admin, "Pantalla angosta");
  await admin.close();
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(link);
  await page.getByLabel("Codigo Ingreso").fill(DEMO_WORKPOINT_CODE);
  await noSidewaysScroll(page);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { name: "Hola, Tomás Técnico" })).toBeVisible();
  await noSidewaysScroll(page);
  await screenshot(page, "kiosk-works-390");
  await page.getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/workpoint\/login$/);
  await page.close();
});

test("the kiosk's works follow their order: cancelled in another browser, the card says so live", async ({
  page,
  browser,
}) => {
  const link = await registerDevice(page, "Pantalla en vivo");
  const kiosk = await browser.newPage();
  await kiosk.goto(link);
  await kiosk.getByLabel("Codigo Ingreso").fill(DEMO_WORKPOINT_CODE);
  await kiosk.getByRole("button", { name: "Entrar" }).click();
  const cards = kiosk.getByRole("list", { name: "Mis trabajos" }).getByRole("listitem");
  await expect(cards.filter({ hasText: /Orden #\d+/ }).first()).toContainText("Recepcionado");
  const numbers = (await cards.allTextContents()).flatMap((t) => /Orden (#\d+)/.exec(t)?.[1] ?? []);
  // Someone stands at the kiosk meanwhile: its short inactivity logout (this spec's server) must not end the session.
  const awake = setInterval(() => void kiosk.mouse.move(10 + Math.random() * 50, 10).catch(() => undefined), 1000);
  try {
    // One of its orders the list's default filter shows (the works are on the newest orders: its first page).
    await page.goto(url("/main/orders"));
    await expect(page.locator("a.order-number").first()).toBeVisible();
    const listed = await page.locator("a.order-number").allTextContents();
    const number = numbers.find((n) => listed.includes(n)) ?? "";
    expect(number, "one of the kiosk's orders in the orders list").not.toBe("");
    const card = cards.filter({ hasText: new RegExp(`Orden ${number}(?!\\d)`) }).first();
    await expect(card).toContainText("Recepcionado");
    const order = page.locator("a.order-number", { hasText: new RegExp(`^${number}$`) });
    await page.goto(url((await order.getAttribute("href")) ?? ""));
    await page.getByRole("button", { name: "Anular" }).click();
    const dialog = page.getByRole("dialog", { name: /^Anular orden de trabajo #\d+$/ });
    await dialog.getByLabel("Motivo").fill("Cliente desiste");
    await dialog.getByRole("button", { name: "Anular orden de trabajo" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Orden de Trabajo anulada" })).toBeVisible();
    // Sooner than the kiosk's 10 s refresh: the live feed brought it.
    await expect(card).toContainText("Anulado", { timeout: 8_000 });
    await expect(card).toContainText("La orden de trabajo fue anulada");
  } finally {
    clearInterval(awake);
  }
  await kiosk.close();
});

test("an unknown or missing token shows the invalid-token page", async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto(url("/workpoint/login?token=no-such-device"));
  await expect(page).toHaveURL(/\/workpoint\/unauthorized$/);
  await expect(page.getByRole("alert")).toHaveText("Token de punto de trabajo inválido. Contacte Administrador.");
  await page.goto(url("/workpoint/cualquier/cosa"));
  await expect(page).toHaveURL(/\/workpoint\/unauthorized$/);
  await page.close();
});

test("/main/work lists the technician's works and /main/work/{id} completes one, also at 390 px", async ({ page }) => {
  await page.goto(url("/login"));
  await loginToShellAt(page, "tecnico@taller.demo");
  await page.goto(url("/main/work"));
  const items = page.getByRole("list", { name: "Trabajos" }).getByRole("listitem");
  await expect(items.first()).toBeVisible();
  await items.first().getByRole("button", { name: "Ver detalle" }).click();
  await expect(page).toHaveURL(/\/main\/work\/\d+$/);
  const complete = page.getByRole("button", { name: "Terminar" });
  await complete.click();
  await expect(page.getByRole("article")).toContainText("Terminado");
  await expect(complete).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await page.goto(url("/main/work"));
  await expect(items.first()).toBeVisible();
  await noSidewaysScroll(page);
});
