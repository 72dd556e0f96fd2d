// A local fake of Gupshup's partner API for tests (exported as @taller/messaging/testing): the calls the real adapter
// makes, with their authorization, answered from memory. It records every request so tests can read what was sent.
import { createServer, type IncomingMessage, type Server } from "node:http";

export interface FakeGupshup {
  url: string;
  partnerToken: string;
  requests: { method: string; path: string; authorization: string | undefined; body: string }[];
  /** Templates by id with their status, as GET /templates answers them. */
  templates: Map<string, { elementName: string; status: string; reason?: string }>;
  /** Answer this status to the next calls of a path suffix (e.g. "/v3/message" -> 500). */
  failNext: Map<string, number>;
  close(): Promise<void>;
}

const APP = { id: "app-1", name: "Taller WhatsApp", live: true };
const WABA = { wabaId: "waba-1", phone: "56911112222" };

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakeGupshup(): Promise<FakeGupshup> {
  const partnerToken = "partner-token-secret";
  const appToken = "sk_app_token";
  const fake: Omit<FakeGupshup, "url" | "close"> = {
    partnerToken,
    requests: [],
    templates: new Map(),
    failNext: new Map(),
  };
  let nextId = 1;
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await read(req);
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const authorization = req.headers.authorization;
      fake.requests.push({ method: req.method ?? "", path, authorization, body });
      const reply = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(value));
      };
      for (const [suffix, status] of fake.failNext) {
        if (path.endsWith(suffix)) {
          fake.failNext.delete(suffix);
          return reply(status, { status: "error", message: "fail" });
        }
      }
      if (path === "/partner/account/api/partnerApps" && req.method === "GET") {
        return authorization === partnerToken
          ? reply(200, { partnerAppsList: [APP], status: "success" })
          : reply(401, { status: "error" });
      }
      const m = /^\/partner\/app\/([^/]+)(\/.*)$/.exec(path);
      if (!m || m[1] !== APP.id) return reply(404, { status: "error", message: "Invalid app id provided" });
      const rest = m[2];
      if (rest === "/token")
        return authorization === partnerToken
          ? reply(200, { token: { token: appToken }, status: "success" })
          : reply(401, {});
      if (authorization !== appToken) return reply(401, { status: "error", message: "Authentication Failed" });
      if (rest === "/waba/info") return reply(200, { wabaInfo: WABA, status: "success" });
      if (rest === "/profile/displayName")
        return reply(200, { displayNameInfo: { verifiedName: "Taller Demo" }, status: "success" });
      if (rest === "/templates" && req.method === "POST") {
        const form = new URLSearchParams(body);
        const id = `tpl-${nextId++}`;
        fake.templates.set(id, { elementName: form.get("elementName") ?? "", status: "PENDING" });
        return reply(200, {
          status: "success",
          template: { id, status: "PENDING", elementName: form.get("elementName") },
        });
      }
      if (rest === "/templates" && req.method === "GET") {
        return reply(200, {
          status: "success",
          templates: [...fake.templates].map(([id, t]) => ({
            id,
            elementName: t.elementName,
            status: t.status,
            reason: t.reason ?? null,
          })),
        });
      }
      if (rest === "/v3/message" && req.method === "POST") {
        return reply(200, { messaging_product: "whatsapp", messages: [{ id: `wamid.out-${nextId++}` }] });
      }
      return reply(404, { status: "error" });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    ...fake,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
