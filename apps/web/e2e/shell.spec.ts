import { expect, test } from "@playwright/test";
import { loginToShell, screenshot } from "./fixtures";

test.describe("desktop", () => {
  test("the session's data (user, company setup with grants and statuses, order statuses) is fetched once", async ({
    page,
  }) => {
    // The page's clock jumps ten minutes before each screen: data that goes stale with time would be asked again.
    await page.clock.install();
    await loginToShell(page, "admin@taller.demo");
    const calls: string[] = [];
    page.on("request", (request) => {
      const procedures = /\/trpc\/([^?]+)/.exec(request.url())?.[1];
      if (procedures) calls.push(...decodeURIComponent(procedures).split(","));
    });
    const menu = page.getByRole("navigation", { name: "Menú principal" });
    for (const [link, heading] of [
      ["Órdenes de Trabajo", "Órdenes de Trabajo"],
      ["Vehículos", "Vehículos"],
      ["Órdenes de Trabajo", "Órdenes de Trabajo"],
      ["Vehículos", "Vehículos"],
    ]) {
      await page.clock.fastForward("10:00");
      await menu.getByRole("link", { name: link }).click();
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("table", { name: heading }).getByRole("row").nth(1)).toBeVisible();
    }
    expect(calls.filter((c) => c === "orders.list").length).toBeGreaterThan(0);
    expect(calls.filter((c) => c === "auth.me")).toHaveLength(0);
    expect(calls.filter((c) => c === "company.setup")).toHaveLength(0);
    expect(calls.filter((c) => c === "orders.statuses").length).toBeLessThanOrEqual(1);
  });

  test("location multi-select with 'Todos', remembered in local storage", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo");
    const select = page.getByRole("button", { name: "Locales: Todos" });
    await select.click();
    await expect(page.getByRole("menuitemcheckbox", { name: "Todos" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("menuitemcheckbox", { name: "Sucursal Providencia" }).click();
    await expect(page.getByRole("menuitemcheckbox", { name: "Todos" })).toHaveAttribute("aria-checked", "mixed");
    await screenshot(page, "locations-desktop");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Locales: Casa Matriz" })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem("locations"));
    expect(stored).toMatch(/^\d+$/);

    await page.reload();
    await expect(page.getByRole("button", { name: "Locales: Casa Matriz" })).toBeVisible();
  });

  test("an error state with a retry when the company setup cannot be loaded", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo");
    const setup = /\/trpc\/[^?]*company\.setup/;
    await page.route(setup, (route) => route.fulfill({ status: 500, body: "no disponible" }));
    await page.reload();
    await expect(
      page.getByRole("heading", { name: "No se pudo cargar la configuración de la empresa." }),
    ).toBeVisible();
    await screenshot(page, "setup-error");
    await page.unroute(setup);
    await page.getByRole("button", { name: "Reintentar" }).click();
    await expect(page.getByRole("banner")).toBeVisible();
  });

  test("the chat panel's shown/hidden choice survives a reload", async ({ page }) => {
    await loginToShell(page, "tecnico@taller.demo");
    await page.getByRole("button", { name: "Mostrar chat" }).click();
    const chat = page.getByRole("complementary", { name: "Chat" });
    await expect(chat).toBeVisible();
    await expect(chat.getByRole("searchbox", { name: "Buscar chats" })).toBeVisible();
    await page.reload();
    await expect(chat).toBeVisible();
    await page.getByRole("button", { name: "Ocultar chat" }).first().click();
    await expect(chat).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("button", { name: "Mostrar chat" })).toBeVisible();
    await expect(chat).toHaveCount(0);
  });
});

test.describe("mobile, 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("bottom navigation, drawer menu and the 'Seleccionar Locales' sheet", async ({ page }) => {
    await loginToShell(page, "admin@taller.demo");
    const bottomNav = page.getByRole("navigation", { name: "Navegación inferior" });
    await expect(bottomNav.getByRole("button", { name: "Inicio" })).toBeVisible();
    await expect(bottomNav.getByRole("button", { name: "Chat" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Menú principal" })).toHaveCount(0);
    await screenshot(page, "shell-mobile");

    await page.getByRole("button", { name: "Seleccionar Locales" }).click();
    const sheet = page.getByRole("dialog", { name: "Seleccionar Locales" });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("checkbox", { name: "Select All" })).toBeChecked();
    await sheet.getByRole("checkbox", { name: "Casa Matriz" }).click();
    await expect(sheet.getByRole("checkbox", { name: "Select All" })).toHaveAttribute("aria-checked", "mixed");
    await screenshot(page, "locations-sheet-mobile");
    await sheet.getByRole("checkbox", { name: "Select All" }).click();
    await expect(sheet.getByRole("checkbox", { name: "Casa Matriz" })).toBeChecked();
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);

    // The chat covers the page; any navigation hides it.
    await bottomNav.getByRole("button", { name: "Chat" }).click();
    await expect(page.getByRole("complementary", { name: "Chat" })).toBeVisible();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await page.getByRole("link", { name: "Mi Perfil" }).click();
    await expect(page).toHaveURL(/\/main\/settings$/);
    await expect(page.getByRole("complementary", { name: "Chat" })).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Mi Perfil" })).toBeVisible();

    await bottomNav.getByRole("button", { name: "Inicio" }).click();
    await expect(page).toHaveURL(/\/main\/booking$/);
  });
});
