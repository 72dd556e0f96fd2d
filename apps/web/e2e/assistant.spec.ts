/**
 * The AI assistant end to end, against a fake OpenAI-compatible server on loopback (no network): this spec's own
 * app server points ASSISTANT_BASE_URL at it. The user asks from the chat panel; while the model takes its time the
 * input is disabled and 'El asistente está escribiendo...' shows; the answer arrives, the thread is in the history
 * menu. On the shared e2e server (no assistant configured) the entry point and the thread say it is not configured.
 */
import { CHAT_TEXTS } from "@taller/core";
import { expect, type Page, test } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { login } from "./fixtures";
import { type E2EServer, startServer } from "./server";

const ANSWER = "Revisa primero el nivel de aceite.";
/** How long the fake model takes: long enough to see the assistant working. */
const MODEL_DELAY_MS = 2500;

let model: Server;
const questions: string[] = [];
let server: E2EServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  model = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      const body = JSON.parse(raw) as { messages: { content: string }[] };
      questions.push(body.messages.at(-1)?.content ?? "");
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: ANSWER } }] }));
      }, MODEL_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  const modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  server = await startServer({ env: { ASSISTANT_BASE_URL: modelUrl, ASSISTANT_MODEL: "modelo-e2e" } });
});
test.afterAll(async () => {
  await server?.dispose();
  await new Promise((resolve) => model?.close(resolve));
});
test.describe.configure({ mode: "serial", timeout: 120_000 });

const panel = (page: Page) => page.getByRole("complementary", { name: "Chat" });

async function openPanel(page: Page) {
  await expect(page.getByRole("banner")).toBeVisible({ timeout: 30_000 });
  const toggle = page.getByRole("button", { name: "Mostrar chat" });
  if (await toggle.isVisible()) await toggle.click();
  await expect(panel(page)).toBeVisible();
}

test("asks the assistant: working while it answers, the answer, the history menu", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await login(page, "asesor@taller.demo");
  await openPanel(page);
  await panel(page)
    .getByRole("button", { name: /Asistente/ })
    .click();
  const assistant = panel(page).getByRole("region", { name: CHAT_TEXTS.assistantTitle });
  const input = assistant.getByRole("textbox", { name: "Pregunta" });
  await expect(input).toBeEnabled({ timeout: 20_000 });

  const question = `¿Cada cuánto cambio el aceite? ${Date.now()}`;
  await input.fill(question);
  await input.press("Enter");
  await expect(assistant.getByRole("status").filter({ hasText: CHAT_TEXTS.assistantWorking })).toBeVisible();
  await expect(input).toBeDisabled();
  await expect(assistant.getByRole("log", { name: "Mensajes" })).toContainText(ANSWER, { timeout: 20_000 });
  await expect(assistant.getByText(CHAT_TEXTS.assistantWorking)).toBeHidden();
  await expect(input).toBeEnabled();
  await expect(input).toHaveValue("");
  expect(questions).toContain(question);

  // The thread is named by its question in the history menu; a new conversation starts empty.
  await assistant.getByRole("button", { name: CHAT_TEXTS.assistantHistory }).click();
  await expect(page.getByRole("menuitem", { name: question })).toBeVisible();
  await page.keyboard.press("Escape");
  await assistant.getByRole("button", { name: CHAT_TEXTS.assistantNewThread }).click();
  await expect(assistant.getByRole("heading", { level: 2 })).toHaveText(CHAT_TEXTS.assistantNewThread);
  await expect(assistant.getByRole("log", { name: "Mensajes" })).not.toContainText(ANSWER);
  await context.close();
});

test("without configuration the entry point and the thread say the assistant is not configured", async ({
  browser,
}) => {
  // The shared e2e server has no ASSISTANT_* variables.
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, "asesor@taller.demo");
  await openPanel(page);
  const entry = panel(page).getByRole("button", { name: /Asistente/ });
  // The list footer's assistant button says it in its name (and tooltip).
  await expect(entry).toHaveAttribute(
    "aria-label",
    `${CHAT_TEXTS.assistantTitle}: ${CHAT_TEXTS.assistantNotConfigured}`,
  );
  await entry.click();
  await expect(panel(page).getByRole("status")).toHaveText(CHAT_TEXTS.assistantNotConfigured);
  await expect(panel(page).getByRole("textbox", { name: "Pregunta" })).toHaveCount(0);
  await context.close();
});
