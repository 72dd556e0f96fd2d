/**
 * Settings (/main/settings): every card's flow as a person uses it. Runs as asesor@taller.demo, which no other spec
 * file changes; the flows run in order and leave the account as they found it (password, theme, online).
 */
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { DEMO_PASSWORD, holdBackChunks, login, loginToShell, screenshot } from "./fixtures";

const EMAIL = "asesor@taller.demo";
const IPHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";

test.describe.configure({ mode: "serial" });

/** The first request matching `url` reaches the server 1.5 s late; the ones after it go through at once. */
async function delayFirst(page: Page, url: RegExp) {
  let first = true;
  await page.route(url, async (route) => {
    if (first) {
      first = false;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    await route.continue();
  });
}

async function openSettings(page: Page) {
  await page.goto("/main/settings");
  await expect(page.getByRole("heading", { name: "Información general" })).toBeVisible();
}

/** A browser of its own (cookies apart), logged in and on the settings page. */
async function newBrowser(browser: Browser, userAgent?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(userAgent ? { userAgent } : {});
  const page = await context.newPage();
  await loginToShell(page, EMAIL);
  await openSettings(page);
  return { context, page };
}

/** A PNG of the given size: a screenshot of part of the page. */
const pngOf = (page: Page, width: number, height: number) => page.screenshot({ clip: { x: 0, y: 0, width, height } });

test("general information: RUT validation, saving, and the version label", async ({ page }) => {
  await loginToShell(page, EMAIL);
  await openSettings(page);
  await expect(page.getByText(/^Versión \S+/)).toBeVisible();
  await expect(page.getByText("Tus clientes podrán llamarte a este número.")).toBeVisible();
  await expect(page.getByLabel("Código punto de trabajo")).toHaveAttribute("type", "password");

  await page.getByLabel("Rut").fill("12.345.678-9");
  await page.getByLabel("Código punto de trabajo").fill("123");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Rut inválido")).toBeVisible();
  await expect(page.getByText("Código inválido, debe tener mínimo 4 caracteres")).toBeVisible();

  await page.getByLabel("Rut").fill("123456785");
  await page.getByLabel("Código punto de trabajo").fill("7391");
  await page.getByLabel("Nombre").fill("Andrés Asesor");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("¡Cambios guardados!", { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Rut")).toHaveValue("12.345.678-5");
  await expect(page.getByLabel("Código punto de trabajo")).toHaveValue("");
  await screenshot(page, "settings");
});

test("e-mail change: asks the current password and answers alike whether the address is free or not", async ({
  page,
}) => {
  await loginToShell(page, EMAIL);
  await openSettings(page);
  // The password card has a 'Contraseña actual' too.
  const form = page.locator("form.profile-form");
  await expect(form.getByLabel("Contraseña actual")).toHaveCount(0);
  // Another account's address: the same neutral answer as a free one, and the profile keeps its e-mail.
  await form.getByLabel("Correo").fill("admin@taller.demo");
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(form.getByText("Contraseña inválida")).toBeVisible();
  await form.getByLabel("Contraseña actual").fill(DEMO_PASSWORD);
  await form.getByRole("button", { name: "Guardar" }).click();
  await expect(
    page.getByText("Si el correo está disponible, quedará asociado a tu cuenta.", { exact: true }),
  ).toBeVisible();
  await expect(form.getByLabel("Correo")).toHaveValue(EMAIL);
  await expect(form.getByLabel("Contraseña actual")).toHaveCount(0);
});

test("online toggle: sent after a pause, kept after a reload", async ({ page }) => {
  await loginToShell(page, EMAIL);
  await openSettings(page);
  const toggle = page.getByRole("switch", { name: "En línea" });
  const initial = (await toggle.getAttribute("aria-checked")) === "true";
  const sent: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("account.setOnline")) sent.push(r.request().postData() ?? "");
  });
  // Quick toggles send only the last value after a pause; on a loaded machine the pause can fall between two clicks,
  // so the test waits for the last value to have been answered rather than for exactly one request.
  await toggle.click();
  await toggle.click();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(!initial));
  await expect.poll(() => sent.at(-1) ?? "").toContain(`"online":${!initial}`);
  await page.reload();
  await expect(page.getByRole("switch", { name: "En línea" })).toHaveAttribute("aria-checked", String(!initial));
  const restored = page.waitForResponse((r) => r.url().includes("account.setOnline"));
  await page.getByRole("switch", { name: "En línea" }).click();
  await restored;
});

test("online toggle: a slow answer does not overtake the last choice", async ({ page }) => {
  await loginToShell(page, EMAIL);
  await openSettings(page);
  const toggle = page.getByRole("switch", { name: "En línea" });
  const initial = (await toggle.getAttribute("aria-checked")) === "true";
  // The first value sent reaches the server late: the second, sent after it, must still be the one that stays.
  await delayFirst(page, /account\.setOnline/);
  const answered = (online: boolean) =>
    page.waitForResponse(
      (r) => r.url().includes("account.setOnline") && r.request().postData()?.includes(`"online":${online}`) === true,
    );
  const firstAnswer = answered(!initial);
  const sent = page.waitForRequest((r) => r.url().includes("account.setOnline"));
  await toggle.click();
  await sent;
  const lastAnswer = answered(initial);
  await toggle.click();
  await Promise.all([firstAnswer, lastAnswer]);
  await expect(toggle).toHaveAttribute("aria-checked", String(initial));
  await page.unroute(/account\.setOnline/);
  await page.reload();
  await expect(page.getByRole("switch", { name: "En línea" })).toHaveAttribute("aria-checked", String(initial));
});

test("theme: applied at once and kept across a reload", async ({ page }) => {
  await loginToShell(page, EMAIL);
  await openSettings(page);
  const original = (await page.getByRole("radio", { checked: true }).textContent())!;
  // Whatever the account had (a failed earlier run may have left dark), switch to another theme and back.
  const [label, name] = original === "Oscuro" ? ["Menta", "mint"] : ["Oscuro", "dark"];
  const saved = page.waitForResponse((r) => r.url().includes("account.update"));
  await page.getByRole("radio", { name: label }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", name);
  await saved;
  await page.reload();
  await expect(page.getByRole("radio", { name: label })).toHaveAttribute("aria-checked", "true");
  await expect(page.locator("html")).toHaveAttribute("data-theme", name);
  await screenshot(page, `settings-${name}`);
  const restored = page.waitForResponse((r) => r.url().includes("account.update"));
  await page.getByRole("radio", { name: original }).click();
  await restored;
});

test("theme: a slow save does not overtake the last choice", async ({ page }) => {
  await loginToShell(page, EMAIL);
  await openSettings(page);
  const original = (await page.getByRole("radio", { checked: true }).textContent())!;
  const [first, last] =
    original === "Oscuro" ? ["Menta", "Oscuro"] : original === "Menta" ? ["Oscuro", "Menta"] : ["Menta", "Oscuro"];
  // The first theme's save reaches the server late: the last one, chosen after it, must be what stays.
  await delayFirst(page, /account\.update/);
  const saved = (label: string) =>
    page.waitForResponse(
      (r) =>
        r.url().includes("account.update") &&
        r
          .request()
          .postData()
          ?.includes(label === "Oscuro" ? '"dark"' : '"mint"') === true,
    );
  const both = Promise.all([saved(first), saved(last)]);
  // A theme is saved at once: listen before the click, or the request may go out before the wait begins.
  const sent = page.waitForRequest((r) => r.url().includes("account.update"));
  await page.getByRole("radio", { name: first }).click();
  await sent;
  await page.getByRole("radio", { name: last }).click();
  await both;
  await expect(page.getByRole("radio", { name: last })).toHaveAttribute("aria-checked", "true");
  await page.unroute(/account\.update/);
  await page.reload();
  await expect(page.getByRole("radio", { name: last })).toHaveAttribute("aria-checked", "true");
  if (last !== original) {
    const restored = page.waitForResponse((r) => r.url().includes("account.update"));
    await page.getByRole("radio", { name: original }).click();
    await restored;
  }
});

test("picture: type and size checks, crop, upload, saved on the profile", async ({ page }) => {
  // The cropper's code held back at first: the card says so, and 'Reintentar' opens the dialog once it arrives.
  const release = await holdBackChunks(page, "picture-dialog");
  await loginToShell(page, EMAIL);
  await openSettings(page);
  const small = await pngOf(page, 60, 60);
  const photo = await pngOf(page, 320, 240);

  await page.getByRole("button", { name: "Cambiar imagen de perfil" }).click();
  const failed = page.getByRole("alert").filter({ hasText: "No se pudo cargar el editor de la foto." });
  await expect(failed).toBeVisible();
  release();
  await failed.getByRole("button", { name: "Reintentar" }).click();
  const dialog = page.getByRole("dialog", { name: "Cambiar Imagen de Perfil" });
  const save = dialog.getByRole("button", { name: "Guardar" });
  await expect(save).toBeDisabled();
  // Never silently disabled: it says what it waits for.
  await expect(save).toHaveAccessibleDescription("Selecciona una foto");
  await expect(dialog.getByRole("button", { name: "Seleccionar foto" })).toBeVisible();
  const input = dialog.getByTestId("picture-input");

  await input.setInputFiles({ name: "notas.txt", mimeType: "text/plain", buffer: Buffer.from("hola") });
  await expect(dialog.getByText("Formato no aceptado")).toBeVisible();
  await input.setInputFiles({ name: "chica.png", mimeType: "image/png", buffer: small });
  await expect(dialog.getByText("La foto debe de tener al menos 100px * 100px")).toBeVisible();
  await expect(save).toBeDisabled();

  await input.setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: photo });
  await expect(dialog.getByText("La foto debe de tener al menos 100px * 100px")).toBeHidden();
  await expect(save).toBeEnabled();
  await screenshot(page, "picture-dialog");
  const uploaded = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/files" && r.request().method() === "POST",
  );
  await save.click();
  expect((await uploaded).status()).toBe(201);
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Imagen de perfil actualizada", { exact: true })).toBeVisible();

  const avatar = page.getByRole("button", { name: "Cambiar imagen de perfil" }).locator("img");
  await expect(avatar).toHaveAttribute("src", /^\/files\/[\w-]{24}$/);
  const src = (await avatar.getAttribute("src"))!;
  const served = await page.request.get(src);
  expect(served.headers()["content-type"]).toBe("image/png");
  // The served crop is a square PNG (its IHDR width equals its height).
  const body = await served.body();
  expect(body.readUInt32BE(16)).toBe(body.readUInt32BE(20));
  await page.reload();
  await expect(page.getByRole("button", { name: "Cambiar imagen de perfil" }).locator("img")).toHaveAttribute(
    "src",
    src,
  );
});

test("devices: list, and ending another device's session logs it out", async ({ browser }) => {
  const desktop = await newBrowser(browser);
  const phone = await newBrowser(browser, IPHONE_UA);

  await desktop.page.getByRole("button", { name: "Ver Dispositivos" }).click();
  const phoneItem = desktop.page.getByRole("listitem").filter({ hasText: "Mobile" }).filter({ hasText: "iOS" }).first();
  await expect(phoneItem).toContainText("Mobile Safari");
  await expect(phoneItem).toContainText(/Último inicio de sesión: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(phoneItem).toContainText(/Registrado: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(desktop.page.getByRole("listitem").filter({ hasText: /· Este dispositivo/ })).toContainText("Desktop");
  await screenshot(desktop.page, "devices");

  const before = await desktop.page.getByRole("listitem").filter({ hasText: "iOS" }).count();
  await phoneItem.getByRole("button", { name: "Cerrar sesión en este dispositivo" }).click();
  await expect(desktop.page.getByRole("listitem").filter({ hasText: "iOS" })).toHaveCount(before - 1);

  await phone.page.reload();
  await expect(phone.page).toHaveURL(/\/login$/);
  await desktop.page.reload();
  await expect(desktop.page.getByRole("heading", { name: "Información general" })).toBeVisible();
  await desktop.context.close();
  await phone.context.close();
});

test("password change: validation messages, success, and the other browser is logged out", async ({ browser }) => {
  const here = await newBrowser(browser);
  const other = await newBrowser(browser);
  const card = here.page.getByRole("region", { name: "Cambiar contraseña (Cerrará todas las sesiones activas)" });
  const submit = card.getByRole("button", { name: "Cambiar contraseña" });

  await card.getByLabel("Contraseña actual").fill(DEMO_PASSWORD);
  await card.getByLabel("Nueva contraseña").fill("corta");
  await card.getByLabel("Repetir contraseña").fill("distinta1");
  await submit.click();
  await expect(card.getByText("Contraseña inválida, debe tener mínimo 6 dígitos")).toBeVisible();
  await expect(card.getByText("Contraseñas no coinciden")).toBeVisible();

  await card.getByLabel("Contraseña actual").fill("no-es-esta");
  await card.getByLabel("Nueva contraseña").fill("nueva1234");
  await card.getByLabel("Repetir contraseña").fill("nueva1234");
  await submit.click();
  await expect(card.getByText("Contraseña inválida", { exact: true })).toBeVisible();

  await card.getByLabel("Contraseña actual").fill(DEMO_PASSWORD);
  await submit.click();
  await expect(here.page.getByText("¡Contraseña cambiada!", { exact: true })).toBeVisible();

  // The other browser's session ended; this one continues with its new token.
  await other.page.reload();
  await expect(other.page).toHaveURL(/\/login$/);
  await here.page.reload();
  await expect(here.page.getByRole("heading", { name: "Información general" })).toBeVisible();
  await login(other.page, EMAIL, "nueva1234");
  await expect(other.page).toHaveURL(/\/main\//);

  // Put the demo password back for the next run.
  await card.getByLabel("Contraseña actual").fill("nueva1234");
  await card.getByLabel("Nueva contraseña").fill(DEMO_PASSWORD);
  await card.getByLabel("Repetir contraseña").fill(DEMO_PASSWORD);
  await submit.click();
  await expect(here.page.getByText("¡Contraseña cambiada!", { exact: true })).toBeVisible();
  await here.context.close();
  await other.context.close();
});
