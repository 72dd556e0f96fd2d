/**
 * Every screen of the staff area holds up at 1,280 px (a laptop) and 390 px (a phone), with the chat panel shown and
 * hidden: the page never scrolls sideways (a wide table scrolls inside its own box), no table header is cut, and the
 * controls a user reaches for are not covered by others (the point at a control's centre belongs to the control).
 * The menu leads only to screens that exist. Only reads: admin@taller.demo.
 */
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll, loginToShell } from "./fixtures";

/** Each main route and something that shows it has loaded. */
const ROUTES: [path: string, ready: (page: Page) => Locator][] = [
  ["/main/booking", (page) => page.locator("[data-day]").first()],
  ["/main/orders", (page) => page.getByText(/#\d+/).first()],
  ["/main/work", (page) => page.getByRole("heading", { level: 1, name: "Mis trabajos" })],
  ["/main/calendar", (page) => page.locator(".calendar-chip").first()],
  ["/main/budgets", (page) => page.getByText(/#\d+/).first()],
  ["/main/vehicles", (page) => page.getByText(/Agendar Vehículo|Agendado para/).first()],
  ["/main/crm/clients", (page) => page.locator('a[href^="/main/crm/clients/"]').first()],
  ["/main/crm/retentions", (page) => page.getByText("En Gestión").first()],
  ["/main/crm/absences", (page) => page.getByRole("table").or(page.getByRole("list")).first()],
  ["/main/crm/bookings", (page) => page.getByRole("table").or(page.getByRole("list")).first()],
  ["/main/payments", (page) => page.getByText(/#\d+/).first()],
  ["/main/settings", (page) => page.getByRole("button", { name: "Guardar" }).first()],
  ["/admin", (page) => page.getByRole("table").first()],
  ["/admin/roles", (page) => page.getByRole("table").first()],
  ["/admin/locations", (page) => page.getByRole("table").first()],
  [
    "/admin/holidays",
    (page) =>
      page
        .getByRole("table")
        .or(page.getByRole("button", { name: /^Nuevo/ }))
        .first(),
  ],
  ["/admin/requirements", (page) => page.getByRole("table").first()],
  ["/admin/statuses", (page) => page.getByRole("heading", { level: 1, name: /Estados/ })],
  ["/admin/preferences", (page) => page.getByRole("button", { name: "Guardar" }).first()],
];

const ROUTES_A_TEST = 5;

test.describe.configure({ mode: "parallel" });

/** Header cells (a list's or a plain table's) whose visible text is cut or breaks onto a second line. */
function cutHeaders(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("[role=columnheader], th")]
      .filter((cell) => cell.offsetParent !== null && cell.textContent?.trim())
      .filter((cell) => !cell.querySelector(".visually-hidden"))
      .filter((cell) => {
        const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        let wrapped = false;
        for (let text = texts.nextNode(); text; text = texts.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(text);
          // One text node drawn as two boxes is a text broken onto a second line.
          if (range.getClientRects().length > 1) wrapped = true;
        }
        return wrapped || cell.scrollWidth > cell.clientWidth;
      })
      .map((cell) => cell.textContent),
  );
}

/** The control is what a click at its centre reaches: nothing is drawn over it, and it is inside the window. */
async function expectUncovered(control: Locator, name: string) {
  await expect(control).toBeVisible();
  const hit = await control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight;
    const atCentre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { inside, reached: atCentre !== null && element.contains(atCentre), over: atCentre?.className };
  });
  expect(hit, `${name}: covered by ${String(hit.over)}`).toEqual({ inside: true, reached: true, over: hit.over });
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 800;
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport, ...(phone ? { isMobile: true, hasTouch: true } : {}) });

    // A few routes a test: a slow machine walks all of them in one test past its time, and the parts run side by side
    // (the file only reads, so its tests run in parallel).
    for (let first = 0; first < ROUTES.length; first += ROUTES_A_TEST) {
      const routes = ROUTES.slice(first, first + ROUTES_A_TEST);
      for (const chat of [false, true]) {
        test(`${routes[0]![0]} to ${routes.at(-1)![0]} ${chat ? "with" : "without"} the chat panel: no sideways page, headers whole`, async ({
          page,
        }) => {
          await loginToShell(page, "admin@taller.demo");
          await page.evaluate((shown) => localStorage.setItem("chat_visible", String(shown)), chat);
          for (const [path, ready] of routes) {
            await page.goto(path);
            await expect(ready(page)).toBeVisible();
            if (chat && !path.startsWith("/admin")) {
              if (phone) await page.getByRole("navigation", { name: "Navegación inferior" }).getByText("Chat").click();
              await expect(page.getByRole("complementary", { name: "Chat" })).toBeVisible();
            }
            await expectNoSidewaysScroll(page, path);
            expect(await cutHeaders(page), `${path}: header cells cut`).toEqual([]);
            if (!phone && !path.startsWith("/admin")) {
              await expectUncovered(page.locator(".toolbar .chat-toggle"), `${path}: the toolbar's chat button`);
            }
          }
        });
      }
    }

    test("the client booking page's consumption table keeps its headers whole", async ({ page }) => {
      await page.goto("/client/booking?crm_token=demo-crm-taller-demo");
      await expect(page.getByRole("heading", { level: 1, name: /^Programa tu / })).toBeVisible();
      await expectNoSidewaysScroll(page, "/client/booking");
      expect(await cutHeaders(page)).toEqual([]);
    });

    test("a payment's 'Cerrar' is reachable above the bottom navigation", async ({ page }) => {
      await loginToShell(page, "admin@taller.demo", "/main/payments");
      // The number itself: a paid one's checkbox is labelled with it too.
      await page.locator(".payment-number").first().click();
      const dialog = page.getByRole("dialog", { name: /^Cobro/ });
      await expectUncovered(dialog.getByRole("button", { name: "Cerrar", exact: true }), "the payment's Cerrar");
      await dialog.getByRole("button", { name: "Cerrar", exact: true }).click();
      await expect(dialog).toHaveCount(0);
    });
  });
}

test.describe("1280 px, the calendar beside the chat", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the calendar's floating search covers neither the chat's composer nor the month", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo");
    await page.evaluate(() => localStorage.setItem("chat_visible", "true"));
    await page.goto("/main/calendar");
    await expect(page.locator(".calendar-chip").first()).toBeVisible();
    const chat = page.getByRole("complementary", { name: "Chat" });
    await chat.locator(".chat-row").first().click();
    await expectUncovered(chat.getByRole("button", { name: "Enviar" }), "the chat's Enviar");
    // The search sits inside the calendar's side of the window.
    const search = await page.getByRole("search").boundingBox();
    const panel = await chat.boundingBox();
    expect(search && panel && search.x + search.width <= panel.x).toBe(true);
  });
});

test("the menu leads to screens that exist, 'Cobros' among them; a management's order opens the order's page", async ({
  page,
}) => {
  await loginToShell(page, "admin@taller.demo");
  const menu = page.getByRole("navigation", { name: "Menú principal" });
  await expect(menu.getByRole("link", { name: "Órdenes de Trabajo" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Recepción" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Inventario" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Facturación" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Reportes" })).toBeVisible();
  // A module without a screen is left out of the menu.
  await expect(menu.getByRole("link", { name: "Compartidos" })).toHaveCount(0);
  const links = await menu.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  for (const href of links.filter((l) => l.startsWith("/main/"))) {
    await page.goto(href);
    await expect(page.getByRole("heading", { level: 1, name: "Próximamente" })).toHaveCount(0);
  }
  await menu.getByRole("link", { name: "Cobros" }).click();
  await expect(page).toHaveURL(/\/main\/payments$/);
  await expect(page.getByRole("heading", { level: 1, name: /^Cobros/ })).toBeVisible();

  await page.goto("/main/crm/retentions");
  await page
    .getByRole("button", { name: /^Ver detalle de la gestión/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Ver gestión" }).click();
  const order = page.getByRole("dialog").getByRole("link", { name: /^#\d+$/ });
  await order.click();
  await expect(page).toHaveURL(/\/main\/orders\/\d+$/);
  await expect(page.getByRole("heading", { level: 3, name: "Fechas" })).toBeVisible();
});
