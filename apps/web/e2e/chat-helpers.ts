// What the chat specs share: a logged-in browser of its own, the panel and its message box.
import { DEMO_WHATSAPP_INBOUND, DEMO_WHATSAPP_LATE, DEMO_WHATSAPP_NOTE } from "@taller/db/seed";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { login } from "./fixtures";

/** A browser context of its own, logged in; `prepare` runs on the context before the first page loads. */
export async function openSession(
  browser: Browser,
  email: string,
  viewport = { width: 1366, height: 800 },
  prepare?: (context: BrowserContext) => Promise<void>,
) {
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

/**
 * The '#n' of every Order chat whose last message contains one of `texts`, read through chat.list as the page's
 * session, page after page: other specs bring their chats up meanwhile, so the demo's older ones can sit far down.
 */
export async function orderChatsEndingWith(page: Page, texts: string[]): Promise<number[]> {
  const found: number[] = [];
  let cursor: string | null = null;
  do {
    const input = encodeURIComponent(JSON.stringify({ json: { tab: "Order", cursor } }));
    const res = await page.request.get(`/trpc/chat.list?input=${input}`, { headers: { "x-trpc-source": "web" } });
    expect(res.ok()).toBe(true);
    const list = (
      (await res.json()) as {
        result: {
          data: {
            json: {
              items: { correlative_id: number | null; last_comment: { text: string } | null }[];
              next_cursor: string | null;
            };
          };
        };
      }
    ).result.data.json;
    for (const c of list.items)
      if (c.correlative_id && texts.some((t) => c.last_comment?.text.includes(t))) found.push(c.correlative_id);
    cursor = list.next_cursor;
  } while (cursor);
  return found;
}

/**
 * What the demo's three WhatsApp chats end with, as seeded and as whatsapp.spec.ts leaves them (so that its retry
 * finds them too): that spec finds them by these, and the other chat specs keep out of them.
 */
export const WHATSAPP_CHAT_TEXTS = {
  open: [DEMO_WHATSAPP_INBOUND, "Su auto está listo"],
  none: [DEMO_WHATSAPP_NOTE, "el presupuesto de su vehículo AB"],
  closed: [DEMO_WHATSAPP_LATE],
};

/**
 * '#n' of the demo's WhatsApp chats, which whatsapp.spec.ts reads: a spec that writes in an order's chat, or finishes
 * an order (its chat is archived then), takes another.
 */
export async function whatsappChatNumbers(page: Page): Promise<Set<string>> {
  const numbers = await orderChatsEndingWith(page, Object.values(WHATSAPP_CHAT_TEXTS).flat());
  return new Set(numbers.map((n) => `#${n}`));
}

/**
 * The orders list's first order whose chat is not one of the demo's WhatsApp chats, for a spec that writes in an
 * order's chat (`page` on /main/orders); `reader` lists the WhatsApp chats it can see (by default the same user).
 */
export async function orderOutsideWhatsapp(page: Page, reader: Page = page): Promise<string> {
  const whatsappChats = await whatsappChatNumbers(reader);
  await expect(page.locator(".order-number").first()).toBeVisible();
  const numbers = (await page.locator(".order-number").allTextContents()).map((n) => n.trim());
  const number = numbers.find((n) => !whatsappChats.has(n)) ?? "";
  expect(number).toMatch(/^#\d+$/);
  return number;
}

/** The orders list's row of order `number` ('#n'). */
export const orderRow = (page: Page, number: string) =>
  page.getByRole("row").filter({ has: page.locator(".order-number", { hasText: new RegExp(`^${number}$`) }) });
