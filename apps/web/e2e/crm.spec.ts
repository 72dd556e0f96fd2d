/**
 * The CRM screens (/main/crm, seed 001): tabs by permission, the retentions and absences lists (KPI boxes, search,
 * column chooser, expandable rows), the management detail's actions (mark lost, waiting list) and its realtime
 * notice, the clients list (rating filter, page sizes), and the phone layout. admin@taller.demo only; the actions
 * change managements the demo seeds 'En Gestión', each test taking the newest one left.
 */
import { addDays, formatDay, todayIn, weekdayOf } from "@taller/core";
import { type Browser, expect as baseExpect, type Page, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";
import { bookFirstFreeTime } from "./forms";
import { listScreen } from "./lists";

// A list's first page and its KPI strip come from the server under whatever load the machine has (CI shares two
// cores): the first load of each screen gets more time than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ADMIN = "admin@taller.demo";
const crmList = (page: Page, table: "Retenciones" | "Inasistencias") =>
  listScreen(page, { table, boxes: "Indicadores" });

async function openList(page: Page, path: "retentions" | "absences") {
  await loginToShell(page, ADMIN, `/main/crm/${path}`);
  const list = crmList(page, path === "retentions" ? "Retenciones" : "Inasistencias");
  await expect(list.rows.first()).toBeVisible();
  return list;
}

/** Shows only the managements 'En Gestión' and opens the newest one's detail page; answers its URL. */
async function openOnGoing(page: Page, path: "retentions" | "absences") {
  const list = await openList(page, path);
  for (const name of [
    "Contactado en Lista de Espera",
    "Perdidos",
    ...(path === "absences" ? ["Reagendados", "Recuperados"] : ["Agendados"]),
  ]) {
    const box = list.box(name);
    if ((await box.getAttribute("aria-pressed")) === "true") await box.click();
  }
  await list.expectMatchesBoxes();
  await list.rows
    .first()
    .getByRole("button", { name: /^Ver detalle de la gestión/ })
    .click();
  await list.rows.first().getByRole("button", { name: "Ver gestión" }).click();
  const dialog = page.getByRole("dialog", { name: /^Gestión #\d+/ });
  await expect(dialog.getByRole("button", { name: "General" })).toBeVisible();
  await dialog.getByRole("link", { name: "Abrir página" }).click();
  await expect(page).toHaveURL(/\/main\/crm\/\d+$/);
  await expect(page.getByRole("heading", { level: 2, name: /^Gestión #\d+/ })).toBeVisible();
  return page.url();
}

test("tabs: clients only for those who may read clients; /main/crm opens the first tab", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/crm");
  await expect(page).toHaveURL(/\/main\/crm\/clients$/);
  await expect(page.getByRole("heading", { level: 1, name: "CRM" })).toBeVisible();
  const tabs = page.getByRole("navigation", { name: "CRM" });
  for (const name of ["Clientes", "Retenciones", "Inasistencias", "Reservas"])
    await expect(tabs.getByRole("link", { name })).toBeVisible();
  await page.goto("/main/crm/anything/else");
  await expect(page).toHaveURL(/\/main\/crm\/clients$/);
  await tabs.getByRole("link", { name: "Inasistencias" }).click();
  await expect(page).toHaveURL(/\/main\/crm\/absences$/);
  await expect(tabs.getByRole("link", { name: "Inasistencias" })).toHaveAttribute("aria-current", "page");

  // The technician may not read clients: no 'Clientes' tab, and the CRM opens on retentions (or not at all).
  const other = await page.context().browser()?.newContext();
  if (!other) throw new Error("no browser");
  const tech = await other.newPage();
  await loginToShell(tech, "tecnico@taller.demo", "/main/crm");
  await expect(tech).toHaveURL(/\/main\/crm\/retentions$|\/forbidden$/);
  await expect(tech.getByRole("link", { name: "Clientes" })).toHaveCount(0);
  await other.close();
});

test("KPI boxes count the list and toggle its categories; the filter is remembered", async ({ page }) => {
  const list = await openList(page, "absences");
  const boxes = list.boxes.getByRole("button");
  await expect(boxes).toHaveCount(5);
  await expect(list.box("Recuperados")).toContainText("$");
  await expect(list.box("En Gestión")).toContainText(/\(\d+%\)/);
  await list.expectMatchesBoxes();
  await screenshot(page, "crm-absences");

  await list.box("Perdidos").click();
  await expect(list.box("Perdidos")).toHaveAttribute("aria-pressed", "false");
  await list.expectMatchesBoxes();
  const stored = await page.evaluate(() => localStorage.getItem("crm_booking_filter"));
  expect(JSON.parse(stored ?? "{}").absence.status).not.toContain("failed");
  await page.reload();
  await expect(list.box("Perdidos")).toHaveAttribute("aria-pressed", "false");

  await page.goto("/main/crm/retentions");
  const retentions = crmList(page, "Retenciones");
  await expect(retentions.boxes.getByRole("button")).toHaveCount(4);
  await expect(retentions.box("Agendados")).toBeVisible();
  await expect(retentions.box("En Gestión")).toContainText("$");
});

test("search (upper-cased, cleared by its button), column chooser and row expansion", async ({ page }) => {
  const list = await openList(page, "retentions");
  // The default columns: Estado, Fecha Gestión, Fecha Programada, Cliente, …
  const firstName = (await list.rows.first().getByRole("cell").nth(3).innerText()).trim();
  const word = firstName.split(/\s+/)[0] ?? "";
  const search = page.getByRole("searchbox", { name: "Buscar" });
  await search.fill(word.toLowerCase());
  await expect(search).toHaveValue(word.toUpperCase());
  await expect
    .poll(async () => (await list.rows.allInnerTexts()).every((t) => t.toUpperCase().includes(word.toUpperCase())))
    .toBe(true);
  await page.getByRole("button", { name: "Limpiar búsqueda" }).click();
  await expect(search).toHaveValue("");

  // Column chooser: the default columns fit beside the menu; 'Correo' is added (the table then scrolls sideways
  // inside its box), 'Todas' shows every column, and taking 'Correo' away hides it again.
  await expect(list.table.getByRole("columnheader", { name: "Correo" })).toHaveCount(0);
  await page.getByRole("button", { name: /^Columnas/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Correo" }).click();
  await page.keyboard.press("Escape");
  await expect(list.table.getByRole("columnheader", { name: "Correo" })).toBeVisible();
  await page.getByRole("button", { name: /^Columnas/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Todas" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Correo" }).click();
  await page.keyboard.press("Escape");
  await expect(list.table.getByRole("columnheader", { name: "Correo" })).toHaveCount(0);
  await expect(list.table.getByRole("columnheader", { name: "Último Contacto" })).toBeVisible();

  // Sorting by a header: 'Fecha Gestión' is the default, descending.
  await expect(list.table.getByRole("columnheader", { name: /Fecha Gestión/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await list.table.getByRole("button", { name: "Fecha Gestión" }).click();
  await expect(list.table.getByRole("columnheader", { name: /Fecha Gestión/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );

  const expand = list.rows.first().getByRole("button", { name: /^Ver detalle de la gestión/ });
  await expand.click();
  await expect(list.rows.first().getByRole("region", { name: /^Gestión #\d+/ })).toBeVisible();
  await expect(list.rows.first().getByRole("button", { name: /^Ocultar detalle/ })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
});

test("mark lost: confirmation with its text, optional comment, snackbar; then it is no longer offered", async ({
  page,
}) => {
  await openOnGoing(page, "absences");
  await page.getByRole("button", { name: "Marcar como perdida" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirmar" });
  await expect(confirm).toContainText("¿Está seguro que desea marcar la gestión como perdida?");
  await confirm.getByLabel("Comentario (opcional)").fill("No contesta");
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("Gestión marcada como perdida", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Marcar como perdida" })).toHaveCount(0);
  await expect(page.getByText("La gestión ha sido actualizada")).toHaveCount(0);
});

test("'Agendar Vehículo' books for the retention, which shows 'Agendado' at once; 'Abrir chat' opens its chat", async ({
  page,
}) => {
  await openOnGoing(page, "retentions");
  const detail = page.getByRole("article", { name: /^Gestión #\d+/ });
  await page.getByRole("button", { name: "Agendar Vehículo" }).click();
  const form = page.getByRole("dialog", { name: "Agendar Vehículo" });
  // A weekday seven weeks ahead: no other spec books there.
  let day = addDays(todayIn("America/Santiago"), 49);
  while (weekdayOf(day) > 5) day = addDays(day, 1);
  await form.getByLabel("Fecha").fill(formatDay(day));
  await bookFirstFreeTime(page, form);
  // No job run needed: the booking was made for this management. Its category moves (the status may carry the same
  // name, so the field itself is read).
  await expect(detail.locator('dt:text-is("Categoría") + dd')).toHaveText("Agendado");
  await expect(page.getByRole("button", { name: "Reagendar Vehículo" })).toBeVisible();
  await expect(detail.getByRole("link", { name: "Ver reserva" })).toBeVisible();
  await expect(page.getByText("La gestión ha sido actualizada")).toHaveCount(0);

  await page.getByRole("button", { name: "Abrir chat" }).click();
  await expect(
    page.getByRole("complementary", { name: "Chat" }).getByRole("textbox", { name: "Mensaje" }),
  ).toBeVisible();
});

async function secondAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginToShell(page, ADMIN);
  return { context, page };
}

test("waiting list in one browser: the other, showing the same management, reloads and says so", async ({
  page,
  browser,
}) => {
  const url = await openOnGoing(page, "retentions");
  const other = await secondAdmin(browser);
  await other.page.goto(url);
  await other.page.getByRole("button", { name: "Enviar a Lista de Espera" }).click();
  const confirm = other.page.getByRole("dialog", { name: "Confirmar" });
  await expect(confirm).toContainText(
    "¿Está seguro que desea enviar la gestión a la Lista de Espera? Esto significa que se pausará el envío de notificaciones automáticas al cliente.",
  );
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(other.page.getByText("Gestión enviada a Lista de Espera", { exact: true })).toBeVisible();

  await expect(page.getByText("La gestión ha sido actualizada", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Enviar a Lista de Espera" })).toHaveCount(0);
  await other.context.close();
});

test("clients: rating filter with counts and percentages, page sizes", async ({ page }) => {
  await loginToShell(page, ADMIN, "/main/crm/clients");
  const table = page.getByRole("table", { name: "Clientes" });
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(10);
  const ratings = page.getByRole("group", { name: "Filtrar por calificación" });
  await expect(ratings.getByRole("button")).toHaveCount(6);
  await expect(ratings.getByRole("button", { name: /^5 estrellas: \d+ \(\d+%\)$/ })).toBeVisible();

  await page.getByLabel("Filas por página").click();
  await page.getByRole("option", { name: "25" }).click();
  await expect(rows).toHaveCount(25);

  // Only 5 stars: every row shows 5 of 5.
  for (const rating of [0, 1, 2, 3, 4])
    await ratings.getByRole("button", { name: new RegExp(`^${rating} estrellas`) }).click();
  await expect
    .poll(async () =>
      (await table.getByRole("img").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))).every(
        (l) => l === "5 de 5",
      ),
    )
    .toBe(true);

  await page.getByRole("searchbox", { name: "Buscar" }).fill("ZZZZQQQQ");
  await expect(page.getByText("No se han encontrado Clientes")).toBeVisible();
});

test.describe("390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("cards instead of tables, no KPI strip, nothing scrolls sideways", async ({ page }) => {
    await loginToShell(page, ADMIN, "/main/crm/absences");
    const cards = page.getByRole("list", { name: "Inasistencias" });
    await expect(cards.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("group", { name: "Indicadores" })).toHaveCount(0);
    await cards
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: /^Ver detalle de la gestión/ })
      .click();
    await expect(cards.getByRole("region", { name: /^Gestión #\d+/ })).toBeVisible();
    await screenshot(page, "crm-absences-390");

    await page.goto("/main/crm/clients");
    const clients = page.getByRole("list", { name: "Clientes" });
    await expect(clients.getByRole("listitem")).not.toHaveCount(0);
    await screenshot(page, "crm-clients-390");
    for (const path of ["/main/crm/absences", "/main/crm/clients"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const sideways = await page.evaluate(() =>
        [document.documentElement, ...document.body.querySelectorAll("*")]
          .filter(
            (e) =>
              (e === document.documentElement || /auto|scroll/.test(getComputedStyle(e).overflowX)) &&
              e.scrollWidth > e.clientWidth,
          )
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
      );
      expect(sideways, path).toEqual([]);
    }
  });
});
