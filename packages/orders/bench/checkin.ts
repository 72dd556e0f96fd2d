// `pnpm bench:checkin [--orders N] [--runs R] [--keep] [--reuse URL]`: the reception's write (orders.receive: a new
// vehicle of a new client, its order numbered, logged and announced) and a status change (orders.changeStatus) at
// scale, through the real HTTP /trpc endpoint, against a bare node:http handler in this process that runs the same
// statements by hand on a plain postgres.js connection (no tRPC, no session, no zod), called by the same HTTP client
// in the same run.
//
// Creates a database on TEST_DATABASE_URL / DATABASE_URL, seeds the demo and N orders (default 1,000,000) in
// "Taller Escala" (runScaleBench), starts the real server, logs in as admin@escala.demo and alternates the two sides.
// The ratio is server ÷ bare: what the app adds to the SQL a write needs. The database is dropped at the end unless
// --keep (then --reuse <its URL> measures again on the same data without seeding).
import { createServer, type IncomingMessage } from "node:http";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { computeRutDv } from "@taller/core";
import {
  benchHttpClient,
  benchLog,
  benchLogin,
  percentiles,
  runScaleBench,
  scaleBenchArgs,
} from "@taller/testing/bench";
import type postgres from "postgres";

const args = scaleBenchArgs({ orders: 1_000_000 }, 200);
const ORDERS = args.sizes.orders;
const RUNS = args.runs;
const SCALE = { orders: ORDERS, keep: args.keep, reuse: args.reuse };
const TARGET_P95_MS = 50;

const PLATE_LETTERS = "BCDFGHJKLPRSTVWXYZ";
/** The scale company's plates: a reception's plate must be new. */
const taken = new Set<string>();
let serial = 0;
/** A plate, a RUT and a key no earlier call used (new-format plates: four letters, two digits). */
function fresh(): { key: string; identifier: string; rut: string } {
  const n = serial++;
  let rest = Math.floor(n / 100);
  let letters = "";
  for (let i = 0; i < 4; i++, rest = Math.floor(rest / PLATE_LETTERS.length))
    letters += PLATE_LETTERS[rest % PLATE_LETTERS.length];
  const identifier = `${letters}${String(n % 100).padStart(2, "0")}`;
  if (taken.has(identifier)) return fresh();
  const body = 30_000_000 + n;
  return { key: randomUUID(), identifier, rut: `${body}-${computeRutDv(body)}` };
}

interface Setup {
  companyId: number;
  userId: number;
  requirementId: number;
  locationId: number;
  /** Two statuses the company lets an order move between both ways. */
  statusA: number;
  statusB: number;
}

/** The statements orders.receive sends for a new vehicle of a new client, in one transaction. */
async function bareReceive(sql: postgres.Sql, s: Setup, input: ReturnType<typeof fresh>) {
  return sql.begin(async (tx) => {
    await tx`SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtext(${`orders.receive:${s.companyId}:${input.key}`}))`;
    const [done] = await tx`SELECT id FROM orders WHERE company_id = ${s.companyId} AND receive_key = ${input.key}`;
    if (done) return done.id as number;
    await tx`SELECT id FROM requirements WHERE company_id = ${s.companyId} AND id = ${s.requirementId}`;
    await tx`SELECT id FROM locations WHERE company_id = ${s.companyId} AND id = ${s.locationId}`;
    await tx`SELECT id FROM users WHERE company_id = ${s.companyId} AND id = ${s.userId}`;
    await tx`SELECT key, kind, items FROM custom_fields WHERE company_id = ${s.companyId} AND entity = 'Order'`;
    await tx`SELECT id FROM clients WHERE company_id = ${s.companyId} AND rut = ${input.rut} FOR UPDATE`;
    const [client] = await tx`INSERT INTO clients (company_id, name, rut) VALUES (${s.companyId}, 'Banco', ${input.rut})
                               RETURNING id`;
    await event(tx, s.companyId, "client.changed", { ids: [client!.id] });
    await tx`SELECT preferences FROM companies WHERE id = ${s.companyId}`;
    await tx`SELECT * FROM vehicles WHERE company_id = ${s.companyId} AND identifier = ${input.identifier} FOR UPDATE`;
    await tx`SELECT id FROM clients WHERE company_id = ${s.companyId} AND id = ${client!.id}`;
    await tx`SELECT preferences FROM companies WHERE id = ${s.companyId}`;
    const [vehicle] = await tx`INSERT INTO vehicles (company_id, identifier, client_id)
                                VALUES (${s.companyId}, ${input.identifier}, ${client!.id}) RETURNING id`;
    await event(tx, s.companyId, "vehicle.changed", { ids: [vehicle!.id] });
    const [status] = await tx`SELECT id FROM statuses WHERE company_id = ${s.companyId} AND type = 'Order'
                                ORDER BY position, id LIMIT 1`;
    const [next] = await tx`SELECT next_correlative('orders', ${s.companyId}) AS n`;
    const [order] = await tx`INSERT INTO orders (company_id, correlative_id, status_id, user_id, check_in_time,
                                requirement_id, client_id, vehicle_id, location_id, "from", receive_key)
                              VALUES (${s.companyId}, ${next!.n}, ${status!.id}, ${s.userId}, now(), ${s.requirementId},
                                ${client!.id}, ${vehicle!.id}, ${s.locationId}, 'recepcion', ${input.key}) RETURNING id`;
    await tx`INSERT INTO order_status_logs (company_id, order_id, status_id, user_id)
             VALUES (${s.companyId}, ${order!.id}, ${status!.id}, ${s.userId})`;
    await event(tx, s.companyId, "order.changed", { ids: [order!.id] });
    await event(tx, s.companyId, "notification.requested", { notification: "order_received", documentId: order!.id });
    return order!.id as number;
  });
}

/** The statements orders.changeStatus sends (moveOrder). */
async function bareMove(sql: postgres.Sql, s: Setup, move: { id: number; version: number; to: number }) {
  return sql.begin(async (tx) => {
    await tx`SELECT o.status_id, o.version, st.finish FROM orders o
             JOIN statuses st ON st.company_id = o.company_id AND st.id = o.status_id
             WHERE o.company_id = ${s.companyId} AND o.id = ${move.id}`;
    await tx`SELECT id, finish, cancel, position FROM statuses WHERE company_id = ${s.companyId} AND type = 'Order'`;
    await tx`SELECT from_status_id, to_status_id FROM status_transitions
             WHERE company_id = ${s.companyId} AND from_status_id = ${move.to === s.statusA ? s.statusB : s.statusA}`;
    const [moved] = await tx`UPDATE orders SET status_id = ${move.to}, version = version + 1, updated_at = now(),
                               ended_at = NULL, cancel_reason = NULL
                             WHERE company_id = ${s.companyId} AND id = ${move.id} AND version = ${move.version}
                             RETURNING version`;
    await tx`INSERT INTO order_status_logs (company_id, order_id, status_id, user_id)
             VALUES (${s.companyId}, ${move.id}, ${move.to}, ${s.userId})`;
    await event(tx, s.companyId, "order.changed", { ids: [move.id] });
    return moved!.version as number;
  });
}

function event(tx: postgres.TransactionSql, companyId: number, type: string, payload: object) {
  const body = { companyId, type, payload };
  return tx`WITH e AS (INSERT INTO realtime_events (company_id, type, payload)
                       VALUES (${companyId}, ${type}, ${JSON.stringify(payload)}::text::jsonb) RETURNING id)
            SELECT id, pg_notify('realtime_events', jsonb_set(${JSON.stringify(body)}::text::jsonb, '{id}', to_jsonb(id))::text)
            FROM e`;
}

/** The bare side: one POST per call, its JSON body in, the result out, nothing else. */
async function startBareServer(raw: postgres.Sql, s: Setup) {
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as { json: Record<string, unknown> };
  };
  const server = createServer((req, res) => {
    void read(req)
      .then(async ({ json }) =>
        req.url === "/trpc/orders.receive"
          ? { id: await bareReceive(raw, s, json as ReturnType<typeof fresh>) }
          : { version: await bareMove(raw, s, json as { id: number; version: number; to: number }) },
      )
      .then((data) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ result: { data: { json: data } } }));
      })
      .catch((error: unknown) => {
        res.writeHead(500);
        res.end(JSON.stringify({ error: String(error) }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

await runScaleBench("checkin", SCALE, async ({ raw, baseUrl, companyId }) => {
  const http = benchHttpClient(baseUrl, await benchLogin(baseUrl, "admin@escala.demo"));
  const [ids] = await raw<{ user_id: number; requirement_id: number; location_id: number }[]>`
    SELECT (SELECT id FROM users WHERE company_id = ${companyId} AND email = 'admin@escala.demo') AS user_id,
           (SELECT min(id) FROM requirements WHERE company_id = ${companyId}) AS requirement_id,
           (SELECT min(id) FROM locations WHERE company_id = ${companyId}) AS location_id`;
  // Two statuses the demo's transitions allow both ways (packages/orders/test/life.test.ts moves between them).
  const [pair] = await raw<{ a: number; b: number }[]>`
    SELECT (SELECT id FROM statuses WHERE company_id = ${companyId} AND type = 'Order' AND name = 'En reparación') AS a,
           (SELECT id FROM statuses WHERE company_id = ${companyId} AND type = 'Order' AND name = 'Control de calidad') AS b`;
  if (!ids || !pair?.a || !pair.b)
    throw new Error("Taller Escala has no user, requirement, location or status pair to move between");
  for (const v of await raw<{ identifier: string }[]>`SELECT identifier FROM vehicles WHERE company_id = ${companyId}`)
    taken.add(v.identifier);
  // A new client's RUT: after the scale clients' (30,000,000 + id, which a reception would find and update) and
  // those an earlier run on a reused database made.
  const [made] = await raw<{ n: number | null }[]>`
    SELECT max(replace(split_part(rut, '-', 1), '.', '')::int) - 30000000 + 1 AS n FROM clients
    WHERE company_id = ${companyId} AND rut ~ '^3[0-9.]{7,9}-'`;
  serial = made?.n ?? 0;
  const setup: Setup = {
    companyId,
    userId: ids.user_id,
    requirementId: ids.requirement_id,
    locationId: ids.location_id,
    statusA: pair.a,
    statusB: pair.b,
  };
  const bare = await startBareServer(raw, setup);
  const bareHttp = benchHttpClient(bare.url, "");
  const reception = () => {
    const f = fresh();
    return {
      ...f,
      client: { name: "Banco", rut: f.rut },
      requirement_id: setup.requirementId,
      location_id: setup.locationId,
    };
  };

  // One order per side to move back and forth, each received by its own side.
  const served = await http.mutation<{ id: number }>("orders.receive", reception());
  const bareOrder = await bareHttp.mutation<{ id: number }>("orders.receive", fresh());
  const positions = { served: { version: 1, at: 0 }, bare: { version: 1, at: 0 } };
  // The first status is where a new order starts: move it into the pair first.
  const [first] = await raw<{ status_id: number }[]>`SELECT status_id FROM orders WHERE id = ${served.id}`;
  if (first!.status_id !== setup.statusA) {
    await raw`UPDATE orders SET status_id = ${setup.statusA} WHERE id IN (${served.id}, ${bareOrder.id})`;
  }
  const target = (side: { at: number }) => (side.at++ % 2 === 0 ? setup.statusB : setup.statusA);

  const cases = [
    {
      name: "reception (new vehicle, new client)",
      server: () => http.mutation("orders.receive", reception()),
      bare: () => bareHttp.mutation("orders.receive", fresh()),
    },
    {
      name: "status change",
      server: async () => {
        const moved = await http.mutation<{ version: number }>("orders.changeStatus", {
          id: served.id,
          version: positions.served.version,
          status_id: target(positions.served),
        });
        positions.served.version = moved.version;
      },
      bare: async () => {
        const moved = await bareHttp.mutation<{ version: number }>("orders.changeStatus", {
          id: bareOrder.id,
          version: positions.bare.version,
          to: target(positions.bare),
        });
        positions.bare.version = moved.version;
      },
    },
  ];
  console.log(
    `\norders: ${ORDERS} in Taller Escala; ${RUNS} runs per case; times in ms; target server p95 < ${TARGET_P95_MS}`,
  );
  console.log(
    ["case".padEnd(38), "server p50", "server p95", "bare p50", "bare p95", "ratio p50", "ratio p95", "ok"].join("  "),
  );
  for (const c of cases) {
    for (let i = 0; i < 5; i++) {
      await c.server();
      await c.bare();
    }
    const times = { server: [] as number[], bare: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      let t = performance.now();
      await c.server();
      times.server.push(performance.now() - t);
      t = performance.now();
      await c.bare();
      times.bare.push(performance.now() - t);
    }
    const sv = percentiles(times.server);
    const br = percentiles(times.bare);
    console.log(
      [
        c.name.padEnd(38),
        ...[sv.p50, sv.p95, br.p50, br.p95].map((v) => v.toFixed(2).padStart(10)),
        (sv.p50 / br.p50).toFixed(2).padStart(9),
        (sv.p95 / br.p95).toFixed(2).padStart(9),
        sv.p95 < TARGET_P95_MS ? "yes" : "NO",
      ].join("  "),
    );
  }
  bare.close();
  benchLog("done");
});
