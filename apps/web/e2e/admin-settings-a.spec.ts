/**
 * The company administration's roles, locations and holidays (/admin/roles, /admin/locations, /admin/holidays): an
 * administrator creates a role with one grant and gives it to a new user, who sees only that module in the menu;
 * a grant added later reaches the user's open shell without a reload (company.setup_changed). A location is added and
 * removed, and one in use is refused with the reason. A holiday locks its day in the agenda. Also at 390 px.
 *
 * Specs share one server and database (see fixtures.ts): rows made here carry unique names; the holiday is two
 * years ahead, where no other spec looks; the location lives only a moment (shell.spec.ts counts the demo's two).
 */
import { formatDay } from "@taller/core";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSidewaysScroll, login, loginToShell, screenshot } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const unique = `${Date.now() % 1_000_000}`;

async function openAdminPage(page: Page, path: string, title: string) {
  await loginToShell(page, "admin@taller.demo", path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("a role with one grant, given to a new user, shapes that user's menu, live", async ({ page, browser }) => {
  const roleName = `Solo vehículos ${unique}`;
  await openAdminPage(page, "/admin/roles", "Roles");
  // A taken name comes back on the field.
  await page.getByLabel("Nuevo rol").fill("asesor");
  await page.getByRole("button", { name: "Crear rol" }).click();
  await expect(page.getByText("Ya existe un rol con ese nombre")).toBeVisible();
  await page.getByLabel("Nuevo rol").fill(roleName);
  await page.getByRole("button", { name: "Crear rol" }).click();
  const grid = page.getByRole("table", { name: `Permisos del rol ${roleName}` });
  await expect(grid).toBeVisible();
  await grid.getByRole("checkbox", { name: "Ver Vehículos", exact: true }).check();
  await page.getByRole("button", { name: "Guardar permisos" }).click();
  await expect(page.getByText("Permisos guardados", { exact: true })).toBeVisible();

  // The role goes to a new user through the users page.
  await page.getByRole("navigation", { name: "Administración" }).getByRole("link", { name: "Usuarios" }).click();
  await page.getByRole("button", { name: "Invitar usuario" }).click();
  const invite = page.getByRole("dialog", { name: "Invitar usuario" });
  const email = `vera${unique}@taller.demo`;
  await invite.getByLabel("Nombre").fill("Vera Vehículos");
  await invite.getByLabel("Correo").fill(email);
  await invite.getByLabel("Rol").click();
  await page.getByRole("option", { name: roleName }).click();
  await invite.getByRole("button", { name: "Invitar" }).click();
  const link = (await page.getByTestId("invitation-link").getAttribute("href")) ?? "";

  const context = await browser.newContext();
  const vera = await context.newPage();
  await vera.goto(link);
  await vera.getByLabel("Nueva contraseña").fill("vera-clave");
  await vera.getByLabel("Repetir contraseña").fill("vera-clave");
  await vera.getByRole("button", { name: "Guardar contraseña" }).click();
  await expect(vera).toHaveURL(/\/login$/);
  await login(vera, email, "vera-clave");
  await expect(vera).toHaveURL(/\/main\/vehicles/);
  const menu = vera.getByRole("navigation", { name: "Menú principal" });
  await expect(menu.getByRole("link", { name: "Vehículos" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Agenda" })).toHaveCount(0);
  await expect(menu.getByRole("link", { name: "Administrar" })).toHaveCount(0);

  // A grant added now reaches her open shell without a reload.
  await page.goto("/admin/roles");
  await page.getByRole("button", { name: `Editar rol ${roleName}` }).click();
  await grid.getByRole("checkbox", { name: "Ver Agenda", exact: true }).check();
  await grid.getByRole("checkbox", { name: "Solo propios: Ver Agenda" }).check();
  await page.getByRole("button", { name: "Guardar permisos" }).click();
  await expect(page.getByText("Permisos guardados", { exact: true })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Agenda" })).toBeVisible();
  await context.close();

  // The role is held: deleting it is refused with the reason.
  await page.getByRole("button", { name: `Eliminar el rol ${roleName}` }).click();
  await page
    .getByRole("dialog", { name: `¿Eliminar el rol ${roleName}?` })
    .getByRole("button", { name: "Eliminar" })
    .click();
  await expect(
    page.getByRole("alert").filter({ hasText: `No se puede eliminar el rol «${roleName}»: lo tiene 1 usuario.` }),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid).toBeVisible();
  await expectNoSidewaysScroll(page, "/admin/roles with the grants grid");
  await screenshot(page, "admin-roles-390");
});

test("a location is added and removed; one in use is kept, with the reason", async ({ page }) => {
  await openAdminPage(page, "/admin/locations", "Locales");
  await page.getByRole("button", { name: "Eliminar el local Casa Matriz" }).click();
  const refuse = page.getByRole("dialog", { name: "¿Eliminar el local Casa Matriz?" });
  await refuse.getByRole("button", { name: "Eliminar" }).click();
  await expect(refuse.getByRole("alert")).toHaveText(
    /^No se puede eliminar el local «Casa Matriz»: tiene órdenes de trabajo/,
  );
  await refuse.getByRole("button", { name: "Cancelar" }).click();

  const name = `Local ${unique}`;
  await page.getByLabel("Nuevo local").fill(name);
  await page.getByRole("button", { name: "Agregar local" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, "/admin/locations at 390 px");
  await page.getByRole("button", { name: `Eliminar el local ${name}` }).click();
  await page
    .getByRole("dialog", { name: `¿Eliminar el local ${name}?` })
    .getByRole("button", { name: "Eliminar" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});

test("a holiday added here locks its day in the agenda", async ({ page }) => {
  // A Monday two years ahead.
  const year = new Date().getFullYear() + 2;
  let day = new Date(Date.UTC(year, 2, 1));
  while (day.getUTCDay() !== 1) day = new Date(day.getTime() + 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const name = `Feriado ${unique}`;

  await openAdminPage(page, "/admin/holidays", "Feriados");
  // Typed by hand, as people read it: dd-mm-yyyy.
  await page.getByLabel("Fecha").fill(formatDay(date));
  await page.getByLabel("Nombre").fill(name);
  await page.getByRole("button", { name: "Agregar feriado" }).click();
  await expect(page.getByRole("heading", { name: `Feriados ${year}` })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Todos los locales");
  // The same day again is refused on the date.
  await page.getByLabel("Fecha").fill(formatDay(date));
  await page.getByLabel("Nombre").fill("Repetido");
  await page.getByRole("button", { name: "Agregar feriado" }).click();
  await expect(page.getByText("Ya hay un feriado de toda la empresa ese día")).toBeVisible();

  await page.goto(`/main/booking?date=${date}`);
  await expect(page.getByText(`Feriado: ${name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Agendar \d/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Agregar reserva" })).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/holidays");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole("button", { name: "Año siguiente" }).click();
  await page.getByRole("button", { name: "Año siguiente" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();
  await expectNoSidewaysScroll(page, "/admin/holidays");
  await screenshot(page, "admin-holidays-390");
});
