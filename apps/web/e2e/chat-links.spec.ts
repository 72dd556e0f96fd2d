/**
 * Ways into a chat other than its list: a budget's page ('Abrir chat', which creates the budget's chat on first use,
 * so the list's 'Presupuestos' tab has it from then on) and the link a mention's push notification carries,
 * /main?chat=<id>. admin@taller.demo, on a budget of this spec's own.
 */
import { expect as baseExpect, type Page, test } from "@playwright/test";
import { loginToShell } from "./fixtures";
import { createOwnBudget } from "./forms";

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const panel = (page: Page) => page.getByRole("complementary", { name: "Chat" });

test("a budget's page opens its chat, listed under 'Presupuestos'; /main?chat=<id> opens that chat", async ({
  page,
  browser,
}) => {
  await loginToShell(page, "admin@taller.demo");
  const budgetId = await createOwnBudget(page, { description: "Chat del presupuesto", unit_price: 9_900 });
  await page.goto(`/main/budgets/${budgetId}`);
  const heading = page.getByRole("heading", { level: 2, name: /^Presupuesto Nº \d+$/ });
  const correlative = /Nº (\d+)$/.exec((await heading.textContent()) ?? "")?.[1];

  const opened = page.waitForResponse((r) => r.url().includes("chat.open") && r.ok());
  await page.getByRole("button", { name: "Abrir chat" }).click();
  const answer = (await (await opened).json()) as
    { result: { data: { json: { id: number } } } }[] | { result: { data: { json: { id: number } } } };
  const chatId = (Array.isArray(answer) ? answer[0] : answer)?.result.data.json.id;
  const chat = panel(page);
  await expect(chat.getByRole("textbox", { name: "Mensaje" })).toBeVisible();
  await expect(chat.locator(".chat-detail-titles h2")).toContainText(`#${correlative}`);

  await chat.getByRole("button", { name: "Volver" }).click();
  await chat.getByRole("tab", { name: /Presupuestos/ }).click();
  await expect(chat.getByRole("tabpanel", { name: "Presupuestos" })).toContainText(`#${correlative}`);

  // Another browser of the same user follows the push link: the home page with that chat open.
  const context = await browser.newContext();
  const other = await context.newPage();
  await loginToShell(other, "admin@taller.demo", `/main?chat=${chatId}`);
  await expect(panel(other).getByRole("textbox", { name: "Mensaje" })).toBeVisible();
  await expect(panel(other).locator(".chat-detail-titles h2")).toContainText(`#${correlative}`);
  // The link's parameter is dropped once the chat is open: a reload does not open it again.
  await expect(other).not.toHaveURL(/chat=/);
  await context.close();
});

test("the chat list's footer: the user's card, the assistant and the settings", async ({ page }) => {
  await loginToShell(page, "admin@taller.demo");
  const toggle = page.getByRole("button", { name: "Mostrar chat" });
  if (await toggle.isVisible()) await toggle.click();
  const chat = panel(page);
  // The list (a chat restored from an earlier test goes back to it).
  const back = chat.getByRole("button", { name: "Volver" });
  if (await back.isVisible()) await back.click();
  const footer = chat.locator(".chat-list-footer");
  await expect(footer.locator(".user-card")).toContainText("Ana Administradora");
  await expect(footer.getByRole("button", { name: /^Asistente/ })).toBeVisible();
  await footer.getByRole("link", { name: "Configuración" }).click();
  await expect(page).toHaveURL(/\/main\/settings$/);
});
