// Demo works and the demo work-point device (seed 002 section 3.3, seed 000 section 2.9): a few required works, open
// and finished work instances on recent orders, a kiosk link and a technician's work-point code.
import { createHash } from "node:crypto";
import { present } from "@taller/core";
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { companies, customWorks, users, workpointTokens, works } from "../schema";

/** The demo kiosk token of a company (in clear here, hashed in the table like any other device token). */
export const demoWorkpointToken = (domain: string) => `demo-workpoint-${domain.replace(/[^a-z0-9]+/gi, "-")}`;
/** The work-point code of the demo technician (tecnico@…): what the kiosk asks for. */
export const DEMO_WORKPOINT_CODE = "2468";

export interface WorksSeedInput {
  companyId: number;
  domain: string;
  requirementIds: number[];
  orderIds: number[];
  /** The users who get works (the first one also gets the demo work-point code). */
  workerIds: number[];
  /** DEMO_WORKPOINT_CODE's hash (DEMO_HASHES). */
  workpointCodeHash: string;
}

export async function seedWorks(db: Db, input: WorksSeedInput) {
  const { companyId } = input;
  const names = ["Diagnóstico", "Cambio de aceite", "Alineación", "Lavado", "Control de calidad"];
  const customRows = await db
    .insert(customWorks)
    .values([
      ...names.map((name, position) => ({ companyId, name, position })),
      // One work required only for documents of the first requirement.
      {
        companyId,
        name: "Revisión de frenos",
        position: names.length,
        requirementId: present(input.requirementIds[0], "requirement"),
      },
    ])
    .returning({ id: customWorks.id });
  const customWorkIds = customRows.map((r) => r.id);

  const hour = 3600_000;
  const now = Date.now();
  const recent = input.orderIds.slice(-6);
  const values = recent.flatMap((orderId, i) => {
    const userId = present(input.workerIds[i % input.workerIds.length], "worker");
    const createdAt = new Date(now - (recent.length - i) * 5 * hour);
    const state = i % 3; // 0 open, 1 started, 2 completed
    return [
      {
        companyId,
        customWorkId: present(customWorkIds[i % names.length], "custom work"),
        userId,
        requestedBy: userId,
        documentType: "Order" as const,
        documentId: orderId,
        createdAt,
        startedAt: state >= 1 ? new Date(createdAt.getTime() + hour) : null,
        completedAt: state === 2 ? new Date(createdAt.getTime() + 3 * hour) : null,
      },
    ];
  });
  const workRows = await db.insert(works).values(values).returning({ id: works.id });

  const token = demoWorkpointToken(input.domain);
  const [device] = await db
    .insert(workpointTokens)
    .values({ companyId, name: "Pantalla del taller", tokenHash: createHash("sha256").update(token).digest("hex") })
    .returning({ id: workpointTokens.id });
  const codeUser = present(input.workerIds[0], "worker");
  await db.update(users).set({ workpointCodeHash: input.workpointCodeHash }).where(eq(users.id, codeUser));

  return {
    customWorkIds,
    workIds: workRows.map((w) => w.id),
    workpointDeviceId: present(device, "device").id,
    workpointToken: token,
  };
}

/** The demo kiosk links that still open (their device exists): the server prints them at start. */
export async function demoWorkpointLinks(db: Db): Promise<{ company: string; token: string }[]> {
  const rows = await db
    .select({ company: companies.name, domain: companies.domain, tokenHash: workpointTokens.tokenHash })
    .from(companies)
    .innerJoin(workpointTokens, eq(workpointTokens.companyId, companies.id));
  return rows
    .map((row) => ({ company: row.company, token: demoWorkpointToken(row.domain), tokenHash: row.tokenHash }))
    .filter((row) => createHash("sha256").update(row.token).digest("hex") === row.tokenHash)
    .map(({ company, token }) => ({ company, token }));
}
