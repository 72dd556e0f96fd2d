// The budgets list counts as every list does (docs/lists.md): past COUNT_CAP matches the count stops, the total is a
// lower bound marked `total_capped`, and the status boxes show no number; below it every status is counted exactly.
import { COUNT_CAP } from "@taller/core";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { budgetsRouter } from "../src";

const createCaller = createCallerFactory(budgetsRouter);
const app = useSeededApp();
const admin = async () => createCaller(await app.staff("admin@taller.demo"));

describe("budgets.list counts", () => {
  it("counts every status exactly below the cap", async () => {
    const page = await (await admin()).list({});
    expect(page.total_capped).toBe(false);
    expect(page.by_status?.reduce((n, s) => n + s.count, 0)).toBe(page.total);
  });

  it(`stops at ${COUNT_CAP} matches and says so`, async () => {
    const c = app.fx().demo.companyId;
    await app.db().execute(sql`
      INSERT INTO budgets (company_id, order_id, status_id)
      SELECT ${c}, o.id, s.id FROM generate_series(0, ${COUNT_CAP}) AS i
      CROSS JOIN (SELECT id FROM orders WHERE company_id = ${c} ORDER BY id LIMIT 1) o
      CROSS JOIN (SELECT id FROM statuses WHERE company_id = ${c} AND type = 'Budget' ORDER BY position, id LIMIT 1) s`);
    const page = await (await admin()).list({});
    expect(page.total_capped).toBe(true);
    expect(page.total).toBe(COUNT_CAP);
    expect(page.by_status).toBeNull();
  });
});
