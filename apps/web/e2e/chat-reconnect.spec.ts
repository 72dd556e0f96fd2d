/**
 * A browser whose WebSocket is cut for a while (the route closes it and refuses reconnections meanwhile) misses
 * nothing: the messages another browser posts in the gap all show once, in order, after it reconnects (Chatwoot's
 * agents miss replies after a reconnect until they refresh: chatwoot issues 14934, 6411).
 */
import { expect, test, type WebSocketRoute } from "@playwright/test";
import { messages, openSession, orderOutsideWhatsapp, orderRow, panel, type } from "./chat-helpers";

// A refused reconnection is played as a server that accepts the socket and drops it as soon as the client speaks
// on it. Closing the route before it opens would not do: Playwright's mock then fires `close` alone on a CONNECTING
// socket, which no browser does (a failed handshake fires `error`, then `close`: WHATWG "fail the WebSocket
// connection"); tRPC's wsClient waits for `open` or `error` before it counts an attempt, so it would wait forever and
// never retry, as no real network can make it.
test("every message posted while the socket was cut shows once, in order, after the reconnect", async ({ browser }) => {
  test.setTimeout(240_000);
  let cut = false;
  let connections = 0;
  const open = new Set<WebSocketRoute>();
  const reader = await openSession(browser, "admin@taller.demo", undefined, (context) =>
    // The socket's URL may carry tRPC's `?connectionParams=1` (the kiosk's device token travels in them).
    context.routeWebSocket(/\/trpc(?:\?|$)/, (ws) => {
      if (cut) {
        ws.onMessage(() => void ws.close({ code: 4000, reason: "cortado" }));
        return;
      }
      connections++;
      open.add(ws);
      ws.connectToServer();
    }),
  );
  const writer = await openSession(browser, "admin@taller.demo");
  const stamp = String(Date.now()).slice(-6);

  // Both open the same order's chat ('Abrir chat' on the list's first order whose chat whatsapp.spec.ts does not read).
  await reader.page.goto("/main/orders");
  const number = await orderOutsideWhatsapp(reader.page);
  for (const { page } of [reader, writer]) {
    if (page !== reader.page) await page.goto("/main/orders");
    await orderRow(page, number).getByRole("button", { name: "Abrir chat" }).click();
    await expect(panel(page).getByRole("button", { name: "Ver", exact: true })).toBeVisible({ timeout: 20_000 });
  }
  await type(writer.page, `antes ${stamp}`);
  await expect(messages(reader.page).getByText(`antes ${stamp}`)).toBeVisible({ timeout: 20_000 });
  const before = connections;
  expect(before).toBeGreaterThan(0);

  // The cut: every open socket closes and reconnections are refused while five messages are posted.
  cut = true;
  for (const ws of open) await ws.close({ code: 4000, reason: "cortado" });
  open.clear();
  const missed = Array.from({ length: 5 }, (_, i) => `perdido ${i} ${stamp}`);
  for (const text of missed) {
    await type(writer.page, text);
    await expect(messages(writer.page).getByRole("article").filter({ hasText: text }).locator("time")).toBeVisible();
  }
  // Posted and stored, yet not here: the reader's socket is really cut.
  await writer.page.waitForTimeout(1500);
  await expect(messages(reader.page).getByText(missed[0] ?? "")).toHaveCount(0);

  // Reconnect: the client's own retry gets through; each missed message shows exactly once, in order.
  cut = false;
  await expect.poll(() => connections, { timeout: 60_000 }).toBeGreaterThan(before);
  for (const text of missed)
    await expect(messages(reader.page).getByText(text, { exact: true })).toHaveCount(1, { timeout: 60_000 });
  expect(connections).toBeGreaterThan(before);
  const shown = await messages(reader.page).getByRole("article").allInnerTexts();
  const order = missed.map((text) => shown.findIndex((t) => t.includes(text)));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(order.every((i) => i >= 0)).toBe(true);
  // And the live stream carries on.
  await type(writer.page, `después ${stamp}`);
  await expect(messages(reader.page).getByText(`después ${stamp}`, { exact: true })).toHaveCount(1, {
    timeout: 20_000,
  });
  await reader.context.close();
  await writer.context.close();
});
