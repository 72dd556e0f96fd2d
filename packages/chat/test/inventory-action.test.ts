// An inventory action's chat (a supplier's pricing or buy order, document type InventoryAction): read with the
// inventory's permission (read inventory_action; an own-records grant reads the actions the user asked for), and
// closed to another company's users on every call: open, get, list, comments, send, markRead and the subscription.
import { queryRows } from "@taller/db";
import { rolePermissions, roles, users } from "@taller/db";
import { createCallerFactory } from "@taller/trpc";
import { useSeededApp } from "@taller/trpc/testing";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { chatRouter } from "../src";
import { failure } from "./failure";

const createCaller = createCallerFactory(chatRouter);
const app = useSeededApp();
const callerFor = async (email: string) => createCaller(await app.staff(email));
const OWN_ONLY = "inventario-propio@taller.demo";
let keys = 0;
const key = () => `inv-action-${++keys}-${Date.now()}`;
const buyOrder = () => ({ document_type: "InventoryAction" as const, document_id: app.fx().demo.provider.buyOrderId });

beforeAll(async () => {
  // A user whose only grant is reading inventory, limited to his own records.
  const companyId = app.fx().demo.companyId;
  const [role] = await app.db().insert(roles).values({ companyId, name: "Bodega propia" }).returning({ id: roles.id });
  await app
    .db()
    .insert(rolePermissions)
    .values({ roleId: role?.id ?? 0, action: "read", resource: "inventory_action", restrictedToOwn: true });
  await app
    .db()
    .insert(users)
    .values({ companyId, roleId: role?.id, name: "Bodeguero Propio", email: OWN_ONLY, passwordHash: "-" });
});

describe("an inventory action's chat", () => {
  it("opens for who may read inventory, named by its supplier and kind, with its status and its page", async () => {
    const chat = await (await callerFor("admin@taller.demo")).open(buyOrder());
    expect(chat).toMatchObject({
      document_type: "InventoryAction",
      title: "Repuestos del Sur SpA",
      subtitle: "Orden de compra",
      finished: false,
      view: { path: `/main/inventory-actions/${app.fx().demo.provider.buyOrderId}` },
    });
    expect(chat.correlative_id).toBeGreaterThan(0);
    expect(chat.status?.name).toBeTruthy();
    const pricing = await (
      await callerFor("admin@taller.demo")
    ).open({ document_type: "InventoryAction", document_id: app.fx().demo.provider.pricingId });
    expect(pricing.subtitle).toBe("Cotización");
  });

  it("is NOT_FOUND without read on inventory_action, and a mention does not bring such a user in", async () => {
    const admin = await callerFor("admin@taller.demo");
    const chat = await admin.open(buyOrder());
    const asesor = await callerFor("asesor@taller.demo");
    expect((await failure(asesor.open(buyOrder()))).code).toBe("NOT_FOUND");
    expect((await failure(asesor.comments({ chat_id: chat.id }))).code).toBe("NOT_FOUND");
    const asesorId = app.fx().demo.userIds["asesor@taller.demo"] ?? 0;
    const sent = await admin.send({ chat_id: chat.id, client_key: key(), comment: `¿llegó? (user:${asesorId})` });
    expect(sent.mentioned_user_ids).toEqual([]);
  });

  it("with an own-records grant, opens only the actions the user asked for", async () => {
    const action = app.fx().demo.provider.pricingId;
    const own = await callerFor(OWN_ONLY);
    const input = { document_type: "InventoryAction" as const, document_id: action };
    expect((await failure(own.open(input))).code).toBe("NOT_FOUND");
    const userId = (await queryRows<{ id: number }>(app.db(), sql`SELECT id FROM users WHERE email = ${OWN_ONLY}`))[0]
      ?.id;
    const [before] = await queryRows<{ requester_id: number | null }>(
      app.db(),
      sql`SELECT requester_id FROM provider_actions WHERE id = ${action}`,
    );
    await app.db().execute(sql`UPDATE provider_actions SET requester_id = ${userId ?? 0} WHERE id = ${action}`);
    try {
      expect((await own.open(input)).document_id).toBe(action);
    } finally {
      await app
        .db()
        .execute(sql`UPDATE provider_actions SET requester_id = ${before?.requester_id ?? null} WHERE id = ${action}`);
    }
  });

  it("is closed to another company's user: open, get, list, comments, send, markRead, subscribe", async () => {
    const admin = await callerFor("admin@taller.demo");
    const chat = await admin.open(buyOrder());
    const message = await admin.send({ chat_id: chat.id, client_key: key(), comment: "Proveedor confirmó" });
    const otro = await callerFor("admin@otro.demo");
    expect((await failure(otro.open(buyOrder()))).code).toBe("NOT_FOUND");
    expect((await failure(otro.get({ chat_id: chat.id }))).code).toBe("NOT_FOUND");
    expect((await failure(otro.comments({ chat_id: chat.id }))).code).toBe("NOT_FOUND");
    expect((await failure(otro.send({ chat_id: chat.id, client_key: key(), comment: "hola" }))).code).toBe("NOT_FOUND");
    expect((await failure(otro.markRead({ chat_id: chat.id, comment_id: message.id }))).code).toBe("NOT_FOUND");
    expect((await failure(otro.onComments({ chat_id: chat.id }))).code).toBe("NOT_FOUND");
    // Not listed under any tab nor found by its supplier's name.
    for (const tab of ["Order", "Budget", "Crm"] as const) {
      const page = await otro.list({ tab, archived: true, search: "Repuestos" });
      expect(page.items.map((i) => i.id)).not.toContain(chat.id);
    }
    // Nothing was written by the refused calls.
    const [count] = await queryRows<{ n: number }>(
      app.db(),
      sql`SELECT count(*)::int AS n FROM chat_comments WHERE chat_id = ${chat.id} AND comment = 'hola'`,
    );
    expect(count?.n).toBe(0);
  });
});
