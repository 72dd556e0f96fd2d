/**
 * What the list screens' specs share (orders, vehicles; later payments): the virtualized table, its status boxes,
 * and scrolling it page after page.
 *
 *   const list = listScreen(page, { table: "Órdenes de Trabajo", boxes: "Estados de Orden" });
 *   await list.box("Entregado").click();
 *   await list.expectMatchesBoxes();
 */
import { expect, type Page } from "@playwright/test";

export function listScreen(page: Page, names: { table: string; boxes: string }) {
  const table = page.getByRole("table", { name: names.table });
  // The rows after the header's row group; only those in view are in the DOM.
  const rows = table.locator('[role="rowgroup"] + [role="rowgroup"] [role="row"]');
  const boxes = page.getByRole("group", { name: names.boxes });

  /** The sum of the pressed status boxes' counts (NaN while one is loading): what the list should hold. */
  async function pressedTotal() {
    const texts = await boxes.getByRole("button", { pressed: true }).allTextContents();
    return texts.reduce((sum, text) => sum + Number(/\d+/.exec(text.replace(/\./g, ""))?.[0] ?? Number.NaN), 0);
  }

  return {
    table,
    rows,
    boxes,
    box: (name: string) => boxes.getByRole("button", { name: new RegExp(name) }),
    pressedTotal,
    /** Waits until the list's size (aria-rowcount, header row included) agrees with the pressed boxes. */
    async expectMatchesBoxes() {
      await expect
        .poll(async () => Number(await table.getAttribute("aria-rowcount")) - 1 - (await pressedTotal()))
        .toBe(0);
    },
    /** Scrolls to the end again and again until the row at `rowIndex` (aria-rowindex) is in the DOM. */
    async scrollUntilRow(rowIndex: number) {
      const lastIndex = async () => Number(await rows.last().getAttribute("aria-rowindex"));
      while ((await lastIndex()) < rowIndex) {
        await page.locator(".vlist").evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await page.waitForTimeout(50);
      }
    },
  };
}
