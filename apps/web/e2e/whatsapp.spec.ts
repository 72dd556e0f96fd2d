/**
 * The chat's WhatsApp option (seed 001 sections 8 and 9, seed 002 section 6) on the demo (docs/domains/messaging.md):
 * Taller Demo runs on the local default, so every message is 'Registrado (no enviado)'. In the chat whose client wrote
 * two hours ago free text is offered; in the chat whose client wrote 30 hours ago the window is closed and only the
 * templates are offered; in the chat whose client never wrote, 'No se ha iniciado una conversación' and only the
 * approved templates, here one with two variables (each required). The option shows only while the input is empty.
 * Then the same at 390 px. These three demo chats belong to this spec.
 */
import { expect, type Page, test } from "@playwright/test";
import { orderChatsEndingWith, WHATSAPP_CHAT_TEXTS } from "./chat-helpers";
import { loginToShell, screenshot } from "./fixtures";

const panel = (page: Page) => page.getByRole("complementary", { name: "Chat" });
const option = (page: Page) => panel(page).getByRole("button", { name: "WhatsApp al cliente" });
const dialog = (page: Page) => page.getByRole("dialog");

/** The demo chat whose last comment contains one of `previews`. */
async function correlativeOf(page: Page, previews: string[]): Promise<number> {
  const [found] = await orderChatsEndingWith(page, previews);
  if (!found) throw new Error(`no chat ends with "${previews.join('" or "')}"`);
  return found;
}

/** Opens the Order chat #n from the list, searched by its number. */
async function openChat(page: Page, correlative: number) {
  const list = panel(page);
  const back = list.getByRole("button", { name: "Volver" });
  if (await back.isVisible()) await back.click();
  await list.getByRole("searchbox", { name: "Buscar chats" }).fill(`#${correlative}`);
  await list
    .getByRole("button", { name: new RegExp(`#${correlative}\\b`) })
    .first()
    .click();
  await expect(list.getByRole("textbox", { name: "Mensaje" })).toBeVisible();
}

/** Opens the chat panel; retried, since right after a resize a click can land while the panel is still open. */
async function openPanel(page: Page) {
  await expect(async () => {
    if (!(await panel(page).isVisible())) await page.getByRole("button", { name: /chat/i }).first().click();
    await expect(panel(page)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** The dialog's rule for the 24-hour window (a status of its own, beside a button's disabled reason). */
const windowRule = (page: Page, text: string) => dialog(page).getByRole("status").filter({ hasText: text });

test("inside and outside the 24-hour window, then at 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  await loginToShell(page, "admin@taller.demo");
  await openPanel(page);
  const stamp = String(Date.now()).slice(-6);
  const [open, none, closed] = [
    await correlativeOf(page, WHATSAPP_CHAT_TEXTS.open),
    await correlativeOf(page, WHATSAPP_CHAT_TEXTS.none),
    await correlativeOf(page, WHATSAPP_CHAT_TEXTS.closed),
  ];

  // Inside the window: the option appears only while the input is empty, and free text is offered.
  await openChat(page, open);
  await expect(option(page)).toBeVisible();
  await panel(page).getByRole("textbox", { name: "Mensaje" }).fill("x");
  await expect(option(page)).toBeHidden();
  await panel(page).getByRole("textbox", { name: "Mensaje" }).fill("");
  await option(page).click();
  await expect(windowRule(page, "Puede escribir libremente hasta las")).toBeVisible();
  await dialog(page).getByLabel("Mensaje libre").fill(`Su auto está listo ${stamp}`);
  await dialog(page).getByRole("button", { name: "Enviar por WhatsApp" }).click();
  const sent = dialog(page).getByRole("region", { name: "Mensajes de WhatsApp enviados" });
  await expect(sent.getByText(`Su auto está listo ${stamp}`)).toBeVisible();
  await expect(sent.getByText(/Registrado \(no enviado\)/).first()).toBeVisible();
  await screenshot(page, "whatsapp-open-window");
  await page.keyboard.press("Escape");
  // The reply also reads in the chat.
  await expect(panel(page).getByRole("log", { name: "Mensajes" })).toContainText(
    `WhatsApp: Su auto está listo ${stamp}`,
  );

  // Outside the window (the client wrote 30 hours ago): the rule says so, no free text, only the templates.
  await openChat(page, closed);
  await option(page).click();
  await expect(windowRule(page, "Han pasado más de 24 horas desde el último mensaje del cliente")).toBeVisible();
  await expect(dialog(page).getByLabel("Mensaje libre")).toHaveCount(0);
  await expect(dialog(page).getByRole("radio", { name: /Presupuesto listo/ })).toBeVisible();
  await screenshot(page, "whatsapp-closed-window");
  await page.keyboard.press("Escape");

  // No conversation: the rule says so, no free text, the templates with their variables.
  await openChat(page, none);
  await option(page).click();
  await expect(windowRule(page, "No se ha iniciado una conversación")).toBeVisible();
  await expect(dialog(page).getByLabel("Mensaje libre")).toHaveCount(0);
  await dialog(page)
    .getByRole("radio", { name: /Presupuesto listo/ })
    .check();
  await expect(dialog(page).getByLabel(/Variable \{\{\d\}\}/)).toHaveCount(2);
  await dialog(page).getByRole("button", { name: "Enviar plantilla" }).click();
  await expect(dialog(page).getByText("Ingrese un valor de ejemplo")).toHaveCount(2);
  await dialog(page).getByLabel("Variable {{1}}").fill("Ana");
  await dialog(page).getByLabel("Variable {{2}}").fill(`AB${stamp}`);
  await dialog(page).getByRole("button", { name: "Enviar plantilla" }).click();
  await expect(
    dialog(page).getByRole("region", { name: "Mensajes de WhatsApp enviados" }).getByText(`AB${stamp}`),
  ).toBeVisible();
  await page.keyboard.press("Escape");

  // 390 px: the dialog fits the screen (the chat now shows the template just sent as its last message).
  await page.setViewportSize({ width: 390, height: 844 });
  await openPanel(page);
  await openChat(page, none);
  await option(page).click();
  await expect(windowRule(page, "No se ha iniciado una conversación")).toBeVisible();
  const box = await dialog(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await screenshot(page, "whatsapp-390");
});

test("a client's message names the client, and 'Responder por WhatsApp' answers it while the window is open", async ({
  page,
}) => {
  await loginToShell(page, "admin@taller.demo");
  await openPanel(page);
  await openChat(page, await correlativeOf(page, WHATSAPP_CHAT_TEXTS.open));
  const received = panel(page)
    .getByRole("article", { name: /^Mensaje de / })
    .filter({ hasText: WHATSAPP_CHAT_TEXTS.open[0] })
    .first();
  await expect(received).toBeVisible();
  // The client (a name or, unknown, a phone), not 'Sin autor'.
  await expect(received).not.toHaveAttribute("aria-label", "Mensaje de Sin autor");
  const author = (await received.getAttribute("aria-label"))!.replace("Mensaje de ", "");
  await received.getByRole("button", { name: "Opciones del mensaje" }).click();
  await page.getByRole("menuitem", { name: "Responder por WhatsApp" }).click();
  await expect(dialog(page)).toContainText(`Respondiendo a ${author}`);
  await expect(dialog(page).getByLabel("Mensaje libre")).toBeVisible();
});
