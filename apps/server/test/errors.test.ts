import type { AppRouter } from "@taller/api";
import type { TRPCClientError } from "@trpc/client";
import pino from "pino";
import { beforeAll, describe, expect, it } from "vitest";
import { browser, JSON_POST, openSocket, startTestServer, type TestServer } from "./helpers";

let server: TestServer;
let cookie: string;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({
    logger: pino({ level: "error" }, { write: (line: string) => void logLines.push(line) }),
  });
  // The last test closed the database under the server: closing what is left may fail, and that is fine.
  return () => server.close().catch(() => {});
});
beforeAll(async () => {
  const b = browser(server.url);
  await b.client.auth.login.mutate({ email: "admin@taller.demo", password: "demo1234" });
  cookie = b.cookie();
});

/** What a response must never show a client. */
const LEAKS =
  /select |insert |update |delete from|params:|Failed query|\bat .+:\d+:\d+|\/work\/|node_modules|"code": "|taller_session/i;

describe("errors clients see", () => {
  it("validation failures: a short Spanish message and Spanish field messages, never zod's JSON", async () => {
    const res = await fetch(
      `${server.url}/trpc/orders.list?input=${encodeURIComponent(JSON.stringify({ json: { sort: 42 } }))}`,
      {
        headers: { cookie },
      },
    );
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).not.toMatch(LEAKS);
    const { message, data } = (
      JSON.parse(text) as {
        error: { json: { message: string; data: { fieldErrors: { fieldErrors: Record<string, string[]> } } } };
      }
    ).error.json;
    expect(message).toBe("Datos inválidos");
    for (const messages of Object.values(data.fieldErrors.fieldErrors))
      for (const m of messages)
        expect(m).toMatch(/^[^a-z]*(Entrada|Opción|Valor|Se esperaba|Demasiado|Inválid|Formato|Clave)/i);
  });

  it("a malformed JSON body is a Spanish 400", async () => {
    const res = await fetch(`${server.url}/trpc/auth.login`, { method: "POST", headers: JSON_POST, body: "{nope" });
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("Solicitud inválida");
    expect(text).not.toMatch(/JSON|token|position/);
  });

  it("a huge lastEventId on company.onEvent is refused as bad input", async () => {
    const s = openSocket(server.url, cookie);
    const error = await new Promise<TRPCClientError<AppRouter>>((resolve) => {
      s.client.company.onEvent.subscribe(
        { lastEventId: "9".repeat(40) },
        { onError: (e) => resolve(e as TRPCClientError<AppRouter>) },
      );
    });
    await s.close();
    expect(error.data?.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("Datos inválidos");
    expect(JSON.stringify(error.data)).not.toMatch(LEAKS);
  });

  it("a crafted cursor is a 400 that shows no SQL", async () => {
    const cursor = Buffer.from(JSON.stringify({ after: ["' or 1=1 --", 1], page: 1, total: 1, filter: "x" })).toString(
      "base64url",
    );
    const res = await fetch(
      `${server.url}/trpc/orders.list?input=${encodeURIComponent(JSON.stringify({ json: { cursor } }))}`,
      { headers: { cookie } },
    );
    expect(res.status).toBe(400);
    expect(await res.text()).not.toMatch(LEAKS);
  });

  it("the database down: a generic Spanish message and a request id, the detail only in the log under that id", async () => {
    await server.tdb.database.close();
    // A fresh session id: nothing cached, so the context must ask the database.
    const res = await fetch(`${server.url}/trpc/auth.me`, {
      headers: { cookie: "taller_session=abcdefghijklmnopqrstuvwxyz012345" },
    });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(LEAKS);
    const { message, data } = (
      JSON.parse(text) as { error: { json: { message: string; data: { requestId: string } } } }
    ).error.json;
    expect(data.requestId).toMatch(/^[0-9a-f]{12}$/);
    expect(message).toBe(`Ocurrió un error inesperado. Si se repite, informa el código ${data.requestId}.`);
    const logged = logLines
      .map((l) => JSON.parse(l) as { requestId?: string; err?: unknown })
      .find((l) => l.requestId === data.requestId);
    expect(logged?.err).toBeDefined();
  });
});
