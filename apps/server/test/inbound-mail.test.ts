// POST /inbound/mail/{key} through the real server: raw RFC 822 and JSON, wrong keys, sizes, duplicates, garbage and
// rate limits. Each test speaks from its own client address (X-Forwarded-For, one trusted proxy) so the per-address
// limit of one test does not touch the others.
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { issueInboundMailKey } from "@taller/booking";
import { externalMails, type Db } from "@taller/db";
import type { BusEvent } from "@taller/trpc";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { createInboundMailRoute, INBOUND_ERRORS, MAX_INBOUND_MAIL_BYTES } from "../src/inbound-mail";
import { startTestServer, type TestServer } from "./helpers";

const LIMITS = { perAddress: 20, perCompany: 40 };
let server: TestServer;
let key: string;
let otherKey: string;
beforeAll(async () => {
  server = await startTestServer({ trustProxy: 1, inboundMailLimits: LIMITS });
  return () => server.close();
}, 120_000);
beforeAll(async () => {
  key = await issueInboundMailKey(server.tdb.database.db, server.fx.demo.companyId);
  otherKey = await issueInboundMailKey(server.tdb.database.db, server.fx.other.companyId);
}, 120_000);

let address = 0;
/** A new client address per call site. */
const nextAddress = () => `203.0.113.${++address}`;

function post(path: string, body: string | Buffer, type: string, ip = nextAddress()) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": type, "x-forwarded-for": ip },
    body,
  });
}
const raw = (message: string, k = key, ip?: string) =>
  post(`/inbound/mail/${k}`, message.replace(/\n/g, "\r\n"), "message/rfc822", ip);
const json = (value: unknown, k = key, ip?: string) =>
  post(`/inbound/mail/${k}`, JSON.stringify(value), "application/json", ip);
const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

const storedMail = async (messageId: string) =>
  server.tdb.database.db
    .select()
    .from(externalMails)
    .where(and(eq(externalMails.companyId, server.fx.demo.companyId), eq(externalMails.messageId, messageId)));

const LAYOUT =
  "Local: Casa Matriz\nRUT: 12.345.678-5\nNombre: Carolina Muñoz\nPatente: KX-PT-21\nServicio: Mantención\nFecha: 25-11-2030\nHora: 10:30";

describe("POST /inbound/mail/{key}: raw RFC 822", () => {
  it("stores a plain mail with its Message-ID, announces it, and stores it once", async () => {
    const message = `From: Reservas <reservas@example.com>\nTo: agenda@taller.demo\nSubject: Nueva reserva\nMessage-ID: <raw-1@example.com>\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: 8bit\n\n${LAYOUT}\n`;
    const seen: BusEvent[] = [];
    const stop = server.bus.subscribe((e) => seen.push(e));
    const res = await raw(message);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    // PostgreSQL delivers the event after COMMIT, a moment after the answer.
    await expect
      .poll(() => seen)
      .toContainEqual(expect.objectContaining({ type: "booking.external_mails_changed", payload: { ids: [id] } }));
    stop();
    const [row] = await storedMail("<raw-1@example.com>");
    expect(row).toMatchObject({
      id,
      locationId: server.fx.demo.locationIds[0],
      data: {
        client_rut: "12.345.678-5",
        client_name: "Carolina Muñoz",
        identifier: "KXPT21",
        requirement_name: "Mantención",
        booking_date: "2030-11-25",
        booking_time: "10:30",
      },
    });

    const again = await raw(message);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ duplicate: true });
    expect(await storedMail("<raw-1@example.com>")).toHaveLength(1);
  });

  it("reads quoted-printable Latin-1 text inside multipart/alternative", async () => {
    const message = [
      "From: web@example.com",
      "Subject: =?ISO-8859-1?Q?Reserva_de_Mar=EDa?=",
      "Message-ID: <raw-2@example.com>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/alternative; boundary="b1"',
      "",
      "--b1",
      "Content-Type: text/plain; charset=ISO-8859-1",
      "Content-Transfer-Encoding: quoted-printable",
      "",
      "Nombre: Mar=EDa Pe=F1a",
      "Patente: BBCC12",
      "Fecha: 01/12/2030",
      "Hora: 9:00",
      "--b1",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<p>ignored when there is text</p>",
      "--b1--",
      "",
    ].join("\n");
    const res = await raw(message);
    expect(res.status).toBe(201);
    const [row] = await storedMail("<raw-2@example.com>");
    expect(row?.data).toMatchObject({
      client_name: "María Peña",
      identifier: "BBCC12",
      booking_date: "2030-12-01",
      booking_time: "09:00",
    });
  });

  it("answers 422 with the layout's Spanish reason for a mail without a booking, and for bytes that are no mail", async () => {
    const res = await raw("Message-ID: <raw-3@example.com>\nSubject: Hola\n\nQuiero una hora, gracias.\n");
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toBe("Falta la fecha (Fecha: DD-MM-AAAA)");
    expect(await storedMail("<raw-3@example.com>")).toEqual([]);
    const garbage = await post(
      `/inbound/mail/${key}`,
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
      "message/rfc822",
    );
    expect(garbage.status).toBe(422);
    expect(await errorOf(garbage)).toMatch(/^[A-ZÁÉÍÓÚ][a-záéíóúñ ]/);
  });
});

describe("POST /inbound/mail/{key}: JSON", () => {
  it("accepts the documented layout with headers as an object, as a list or as the raw block", async () => {
    const shapes = [
      { headers: { "Message-Id": "<json-1@example.com>" }, id: "<json-1@example.com>" },
      { headers: [{ name: "message-id", value: "<json-2@example.com>" }], id: "<json-2@example.com>" },
      { headers: "Received: x\r\nMessage-ID:\r\n <json-3@example.com>\r\nSubject: y", id: "<json-3@example.com>" },
    ];
    for (const shape of shapes) {
      const res = await json({
        from: "web@example.com",
        subject: "Reserva",
        text: LAYOUT,
        html: "<p>x</p>",
        headers: shape.headers,
      });
      expect(res.status).toBe(201);
      expect(await storedMail(shape.id)).toHaveLength(1);
    }
  });

  it("reads an HTML-only mail, and without a Message-ID stores the same body once", async () => {
    const body = {
      from: "web@example.com",
      subject: "Reserva",
      html: "<p>Patente: ZZYY99</p><p>Fecha: 2030-10-10</p><p>Hora: 11:00</p>",
    };
    const first = await json(body);
    expect(first.status).toBe(201);
    const second = await json(body);
    expect(second.status).toBe(200);
    const rows = await server.tdb.database.db
      .select()
      .from(externalMails)
      .where(eq(externalMails.companyId, server.fx.demo.companyId));
    expect(rows.filter((r) => r.data.identifier === "ZZYY99")).toHaveLength(1);
  });

  it.each([
    ["not JSON", "{nope"],
    ["a JSON array", "[1,2]"],
    ["a text that is not a string", JSON.stringify({ text: 42 })],
    ["headers of the wrong shape", JSON.stringify({ text: LAYOUT, headers: 7 })],
  ])("answers 422 for %s", async (_, body) => {
    const res = await post(`/inbound/mail/${key}`, body, "application/json");
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toBe(INBOUND_ERRORS.badJson);
  });

  it("answers 422 for a JSON mail without text", async () => {
    const res = await json({ subject: "vacío" });
    expect(res.status).toBe(422);
    expect(await errorOf(res)).toBe("El correo no tiene texto");
  });
});

describe("POST /inbound/mail/{key}: refusals", () => {
  it("answers 404 for a wrong, malformed or other company's key mixed with this one's, and stores nothing", async () => {
    const [selector, verifier] = key.split(".") as [string, string];
    const [otherSelector] = otherKey.split(".") as [string, string];
    const flipped = `${verifier.slice(0, -1)}${verifier.endsWith("A") ? "B" : "A"}`;
    for (const k of [
      `${selector}.${flipped}`,
      `${otherSelector}.${verifier}`,
      "nope",
      `${selector}.${verifier}x`,
      encodeURIComponent("' OR 1=1 --"),
    ]) {
      const res = await json({ text: LAYOUT, message_id: `<wrong-${k.length}@example.com>` }, k);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toBe(INBOUND_ERRORS.notFound);
    }
    const rows = await server.tdb.database.db.select().from(externalMails);
    expect(rows.filter((r) => r.messageId.startsWith("<wrong-"))).toEqual([]);
  });

  it("answers 405 to other methods and 415 to other content types", async () => {
    const get = await fetch(`${server.url}/inbound/mail/${key}`, { headers: { "x-forwarded-for": nextAddress() } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const form = await post(`/inbound/mail/${key}`, "text=hola", "application/x-www-form-urlencoded");
    expect(form.status).toBe(415);
    expect(await errorOf(form)).toBe(INBOUND_ERRORS.mediaType);
  });

  it("refuses a body over 1 MB, declared or streamed in chunks", async () => {
    const big = `Message-ID: <big@example.com>\r\n\r\n${LAYOUT}\r\n${"x".repeat(1024 * 1024)}`;
    const declared = await raw(big);
    expect(declared.status).toBe(413);
    expect(await errorOf(declared)).toBe(INBOUND_ERRORS.tooLarge);
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${server.url}/inbound/mail/${key}`,
        {
          method: "POST",
          headers: {
            "content-type": "message/rfc822",
            "transfer-encoding": "chunked",
            "x-forwarded-for": nextAddress(),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", (err) => (/EPIPE|ECONNRESET/.test(err.message) ? undefined : reject(err)));
      for (let i = 0; i < 40; i++) req.write(Buffer.alloc(64 * 1024, "x"));
      req.end();
    });
    expect(chunked).toBe(413);
    expect(await storedMail("<big@example.com>")).toEqual([]);
  });

  // Bodies built to make a regex backtrack, just under the megabyte: each parse is one pass over the lines and the
  // tags, so the answers come and /healthz, asked at the same time, answers too. With the old layout and HTML
  // regexes the first one held the event loop (and every other request) for many minutes.
  it("reads mails built to backtrack at the size limit, and the server keeps answering", async () => {
    const room = MAX_INBOUND_MAIL_BYTES - 4096;
    const stars = `Fecha: x${" *".repeat(room / 2)}`;
    const tags = "<".repeat(room);
    const scripts = "<script>x".repeat(Math.floor((room - 8192) / 9));
    const [a, b, c, d, health] = await Promise.all([
      raw(`Message-ID: <stars@example.com>\nContent-Type: text/plain\n\n${stars}\n`),
      json({ text: stars }),
      json({ html: tags }),
      json({ html: scripts, headers: `X-Pad:${" x".repeat(1000)}\r\nMessage-ID:${"\r\n ".repeat(1000)}<h@x>` }),
      fetch(`${server.url}/healthz`),
    ]);
    expect(health.status).toBe(200);
    expect([a.status, b.status, c.status, d.status]).toEqual([422, 422, 422, 422]);
    expect(await errorOf(a)).toBe("La fecha no es válida (Fecha: DD-MM-AAAA)");
    expect(await errorOf(b)).toBe("La fecha no es válida (Fecha: DD-MM-AAAA)");
    expect(await errorOf(c)).toBe("Falta la fecha (Fecha: DD-MM-AAAA)");
    expect(await errorOf(d)).toBe("Falta la fecha (Fecha: DD-MM-AAAA)");
  });

  it(`limits a client address to ${LIMITS.perAddress} requests a minute, keys right or wrong`, async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.perAddress; i++) statuses.push((await json({ text: "x" }, `wrong${i}`, ip)).status);
    expect(statuses.slice(0, LIMITS.perAddress).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The right key from that address is refused too; another address is not.
    expect((await json({ text: LAYOUT }, key, ip)).status).toBe(429);
  });

  it(`limits a company to ${LIMITS.perCompany} mails a minute from any address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.perCompany; i++) statuses.push((await json({ text: "Hola" }, otherKey)).status);
    expect(statuses.slice(0, LIMITS.perCompany).every((s) => s === 422)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await json({ text: LAYOUT, message_id: "<after-limit@example.com>" })).status).toBe(201);
  });
});

describe("POST /inbound/mail/{key} when the database fails", () => {
  it("answers 503 (the sender retries), never a 500, and logs the failure without the key", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const broken = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error("database down");
        },
      },
    ) as unknown as Db;
    const route = createInboundMailRoute({ db: broken, bus: server.bus, logger, trustProxy: 0 });
    const bare = createServer((req, res) => void route(req, res, key));
    await new Promise<void>((r) => bare.listen(0, "127.0.0.1", r));
    try {
      const res = await fetch(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: LAYOUT }),
      });
      expect(res.status).toBe(503);
      expect(await errorOf(res)).toBe(INBOUND_ERRORS.unavailable);
      expect(lines.join("")).toContain("inbound mail failed");
      expect(lines.join("")).not.toContain(key.split(".")[1]);
    } finally {
      await new Promise((r) => bare.close(r));
    }
  });
});
