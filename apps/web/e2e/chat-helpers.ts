// What the chat specs share: a logged-in browser of its own, the panel and its message box.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { login } from "./fixtures";

/** A browser context of its own, logged in; `prepare` runs on the context before the first page loads. */
export async function openSession(browser: Browser, email: string, viewport = { width: 1366, height: 800 }, prepare?: (context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({ viewport });
  await prepare?.(context);
  const page = await context.newPage();
  await login(page, email);
  // Two browsers log in at once on a busy machine: the shell may take longer than one expect's default.
  await expect(page.getByRole("banner")).toBeVisible({ timeout: 30_000 });
  return { context, page };
}

export const panel = (page: Page) => page.getByRole("complementary", { name: "Chat" });
export const messageInput = (page: Page) => panel(page).getByRole("textbox", { name: "Mensaje" });
export const messages = (page: Page) => panel(page).getByRole("log", { name: "Mensajes" });

export async function type(page: Page, text: string) {
  await messageInput(page).fill(text);
  await messageInput(page).press("Enter");
}
