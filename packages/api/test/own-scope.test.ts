// The tenancy walk's second half: every procedure that takes ids, called within the company by a user whose grants
// reach only his own records, with ids of records that are not his. Own-record scope is the domain's (docs/lists.md);
// a procedure that takes a document's id must apply it to that document, as the document's own screens do.
import { ACTIONS, type Resource } from "@taller/core";
import { rolePermissions, roles, users } from "@taller/db";
import { TRPCError } from "@taller/trpc";
import { beforeAll, describe, expect, it } from "vitest";
import { procedureCases } from "./procedure-cases";
import { useSeededApp } from "./setup";
import { allProcedures, callPath } from "./walk";

const app = useSeededApp();

/** The resources whose records have an owner (who received, is assigned, created them): every action, own only. */
const OWNED: Resource[] = [
  "check_in",
  "booking",
  "booking_block",
  "work",
  "event",
  "budget",
  "crm",
  "payment",
  "invoice",
  "inventory_action",
];
const RESTRICTED = "restringido@taller.demo";

beforeAll(async () => {
  const companyId = app.fx().demo.companyId;
  const [role] = await app.db().insert(roles).values({ companyId, name: "Solo lo propio" }).returning({ id: roles.id });
  const roleId = role!.id;
  await app
    .db()
    .insert(rolePermissions)
    .values(
      OWNED.flatMap((resource) => ACTIONS.map((action) => ({ roleId, action, resource, restrictedToOwn: true }))),
    );
  // A user of the company who owns nothing: no order, booking, work, budget or payment is his.
  await app
    .db()
    .insert(users)
    .values({ companyId, roleId, name: "Sólo Propios", email: RESTRICTED, passwordHash: "-" });
});

describe("own-record scope: every procedure taking ids, called by a user limited to his own records", () => {
  for (const { path } of allProcedures()) {
    const c = procedureCases[path];
    if (!c || c.kind !== "foreign" || c.notOwned) continue;
    it(`${path} refuses a record that is not his`, async () => {
      const caller =
        c.as === "kiosk"
          ? await app.kioskCallerFor(RESTRICTED, app.fx().demo.workpointToken)
          : await app.callerFor(RESTRICTED);
      const error = await callPath(caller, path, c.input(app.fx())).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `${path} answered on a record of someone else`).toBeInstanceOf(TRPCError);
      expect(["NOT_FOUND", "FORBIDDEN"]).toContain((error as TRPCError).code);
    });
  }
});
