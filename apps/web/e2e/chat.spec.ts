/**
 * The chat in two browsers (seed 002 sections 2.2, 2.3, 4.1, 5; seed 001 section 9): tecnico@taller.demo opens one
 * of his orders' chat from the orders list and mentions Ana Administradora, who sees the mention's badge arrive,
 * opens the chat from her list and replies; then her event message, image message and deletion reach him,
 * 'Ir al final', and his panel at 390 px.
 * Both accounts only read elsewhere; the chat's messages here belong to this spec.
 */
import { expect, test } from "@playwright/test";
import { messageInput, messages, openSession, orderOutsideWhatsapp, orderRow, panel, type } from "./chat-helpers";
import { TINY_PNG } from "./fixtures";

test("two users: a mention with its badge, a reply, an event, an image, a deletion and 'Ir al final'", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const admin = await openSession(browser, "admin@taller.demo");
  const tech = await openSession(browser, "tecnico@taller.demo");
  const stamp = String(Date.now()).slice(-6);

  // Tomás (who reads only his own orders): 'Abrir chat' on his first order opens its chat and stays on the list.
  // His first order whose chat is not one of the demo's WhatsApp chats, which whatsapp.spec.ts reads by their last
  // message.
  await tech.page.goto("/main/orders");
  const number = await orderOutsideWhatsapp(tech.page, admin.page);
  await orderRow(tech.page, number).getByRole("button", { name: "Abrir chat" }).click();
  await expect(tech.page).toHaveURL(/\/main\/orders$/);
  await expect(panel(tech.page).getByRole("button", { name: "Ver", exact: true })).toBeVisible();
  await expect(panel(tech.page).getByRole("heading", { level: 2 }).last()).toContainText(number);

  // The @ popup: typing filters by name or role, one pick writes one mention and closes it.
  await messageInput(tech.page).fill("Hola @admin");
  const popup = panel(tech.page).getByRole("listbox", { name: "Mencionar usuario" });
  await expect(popup.getByRole("option", { name: /Ana Administradora/ })).toBeVisible();
  await popup.getByRole("option", { name: /Ana Administradora/ }).click();
  await expect(popup).toBeHidden();
  await expect(messageInput(tech.page)).toHaveValue(/^Hola \(user:\d+\) $/);
  await messageInput(tech.page).pressSequentially(`revisa ${stamp}`);
  // Shift+Enter is a new line, not a send.
  await messageInput(tech.page).press("Shift+Enter");
  await expect(messageInput(tech.page)).toHaveValue(new RegExp(`revisa ${stamp}\\n$`));
  await messageInput(tech.page).press("Enter");
  await expect(messageInput(tech.page)).toHaveValue("");
  const sent = messages(tech.page)
    .getByRole("article")
    .filter({ hasText: `revisa ${stamp}` });
  await expect(sent).toContainText(`@Ana Administradora revisa ${stamp}`);

  // Ana: the mention's badge reaches the shell's chat button and the Órdenes tab without a reload.
  await expect(admin.page.getByRole("button", { name: "Mostrar chat" }).getByLabel(/\d menciones/)).toBeVisible({
    timeout: 20_000,
  });
  await admin.page.getByRole("button", { name: "Mostrar chat" }).click();
  await expect(
    panel(admin.page)
      .getByRole("tab", { name: /Órdenes/ })
      .getByLabel(/\d menciones/),
  ).toBeVisible();
  await panel(admin.page).locator(".chat-row", { hasText: number }).first().click();
  const received = messages(admin.page)
    .getByRole("article")
    .filter({ hasText: `revisa ${stamp}` });
  await expect(received).toBeVisible();

  // Reply: the quote travels with the answer to the other browser.
  await received.getByRole("button", { name: "Opciones del mensaje" }).click();
  await admin.page.getByRole("menuitem", { name: "Responder" }).click();
  await expect(panel(admin.page).getByText("Respondiendo a Tomás Técnico")).toBeVisible();
  await type(admin.page, `Recibido ${stamp}`);
  const reply = messages(tech.page)
    .getByRole("article")
    .filter({ hasText: `Recibido ${stamp}` });
  await expect(reply.locator("blockquote")).toContainText(`revisa ${stamp}`);

  // An event message: name, start, duration (at least 1 hour); it shows in the message and the events strip.
  await panel(admin.page).getByRole("button", { name: "Agregar evento" }).click();
  const form = panel(admin.page).getByRole("form", { name: "Evento" });
  await form.getByLabel("Nombre del evento").fill(`Entrega ${stamp}`);
  const start = new Date(Date.now() + 2 * 3600_000);
  const local = new Date(start.getTime() - start.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await form.getByLabel("Inicio").fill(local);
  await form.getByLabel("Duración (horas)").fill("0");
  await form.getByRole("button", { name: "Agregar evento" }).click();
  await expect(form.getByText(/duración mínima/i)).toBeVisible();
  await form.getByLabel("Duración (horas)").fill("1");
  await form.getByRole("button", { name: "Agregar evento" }).click();
  await panel(admin.page).getByRole("button", { name: "Enviar" }).click();
  await expect(
    messages(tech.page)
      .getByRole("article")
      .filter({ hasText: `Entrega ${stamp}` }),
  ).toBeVisible();
  await expect(panel(tech.page).getByRole("list", { name: "Eventos" })).toContainText(`Entrega ${stamp}`);
  await expect(panel(tech.page).getByRole("list", { name: "Eventos" })).toContainText(/Comienza en \d{2}:\d{2}:\d{2}/);

  // An image message: uploaded first, then shown as a thumbnail in both browsers.
  await panel(admin.page)
    .locator('input[type="file"][multiple]')
    .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(panel(admin.page).getByRole("list", { name: "Imágenes por enviar" }).getByRole("img")).toHaveCount(1);
  await type(admin.page, `Foto ${stamp}`);
  const photo = messages(tech.page)
    .getByRole("article")
    .filter({ hasText: `Foto ${stamp}` });
  await expect(photo.getByRole("img", { name: "Imagen adjunta" })).toBeVisible();

  // Delete (its author, within 5 minutes): both browsers read 'Mensaje eliminado'.
  await type(admin.page, `Borrar ${stamp}`);
  const doomed = messages(admin.page)
    .getByRole("article")
    .filter({ hasText: `Borrar ${stamp}` });
  await expect(
    messages(tech.page)
      .getByRole("article")
      .filter({ hasText: `Borrar ${stamp}` }),
  ).toBeVisible();
  await doomed.getByRole("button", { name: "Opciones del mensaje" }).click();
  await admin.page.getByRole("menuitem", { name: "Eliminar" }).click();
  await expect(messages(admin.page).getByText(`Borrar ${stamp}`)).toHaveCount(0);
  await expect(messages(tech.page).getByText(`Borrar ${stamp}`)).toHaveCount(0);
  await expect(messages(tech.page).getByText("Mensaje eliminado").last()).toBeVisible();
  // Tomás may not delete Ana's message: his menu offers no 'Eliminar'.
  await reply.getByRole("button", { name: "Opciones del mensaje" }).click();
  await expect(tech.page.getByRole("menuitem", { name: "Responder" })).toBeVisible();
  await expect(tech.page.getByRole("menuitem", { name: "Eliminar" })).toHaveCount(0);
  await tech.page.keyboard.press("Escape");

  // 'Ir al final' shows more than 300 px above the bottom and brings the view back.
  // Three tall messages (ten lines each) are more than the panel's height.
  for (let i = 0; i < 3; i++) await type(admin.page, `Relleno ${i} ${stamp}${"\n·".repeat(10)}`);
  await expect(messages(admin.page).getByText(`Relleno 2 ${stamp}`)).toBeVisible();
  // A message confirmed by the server between the scroll and its scroll event keeps the view at the bottom (it was
  // there): scroll again until the view stays up.
  const goToEnd = panel(admin.page).getByRole("button", { name: "Ir al final" });
  await expect(async () => {
    await messages(admin.page).evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(goToEnd).toBeVisible({ timeout: 1000 });
  }).toPass();
  await goToEnd.click();
  await expect(goToEnd).toBeHidden();
  await expect(messages(admin.page).getByText(`Relleno 2 ${stamp}`)).toBeInViewport();

  // 390 px: the panel covers the screen, opened from the bottom navigation on the last chat, without sideways scroll.
  await tech.page.setViewportSize({ width: 390, height: 844 });
  await tech.page
    .getByRole("navigation", { name: "Navegación inferior" })
    .getByRole("button", { name: /Chat/ })
    .click();
  await expect(messageInput(tech.page)).toBeVisible();
  await expect(messages(tech.page).getByText(`Recibido ${stamp}`)).toBeVisible();
  expect(await panel(tech.page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await panel(tech.page).evaluate((el) => el.getBoundingClientRect().width)).toBe(390);
  await panel(tech.page).getByRole("button", { name: "Volver" }).click();
  await expect(panel(tech.page).getByRole("searchbox", { name: "Buscar chats" })).toBeVisible();
  expect(await panel(tech.page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  await admin.context.close();
  await tech.context.close();
});
