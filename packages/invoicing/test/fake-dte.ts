// A local fake of the electronic-invoicing provider's API the HTTP adapter speaks (docs/domains/invoicing.md):
// POST /dte with a bearer key and an Idempotency-Key. It answers as the provider documents: 200 accepted with a
// track id and the stamp (TED), 422 rejected with a reason, 409 duplicate when the folio is already issued under
// another key, and the first answer again for a key it has seen. `mode` steers the next answers: 'timeout' issues the
// document but answers only after `delayMs` (longer than the adapter waits).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeDte {
  url: string;
  apiKey: string;
  mode: "accept" | "reject" | "timeout";
  delayMs: number;
  /** Documents issued, by "type:folio": how many times each was issued (must stay 1). */
  issued: Map<string, number>;
  calls: { idempotencyKey: string | null; body: { type: number; folio: number } }[];
  close(): Promise<void>;
}

export async function startFakeDte(apiKey = "dte-test-key"): Promise<FakeDte> {
  const answers = new Map<string, { status: number; body: unknown }>();
  const tracks = new Map<string, string>();
  let nextTrack = 1;
  const fake: Omit<FakeDte, "url" | "close"> = { apiKey, mode: "accept", delayMs: 0, issued: new Map(), calls: [] };
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/dte") return send(404, { error: "not found" });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { error: "unauthorized" });
      const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      const body = JSON.parse(raw) as { type: number; folio: number };
      fake.calls.push({ idempotencyKey: key, body });
      if (!key) return send(400, { error: "Idempotency-Key requerido" });
      const seen = answers.get(key);
      if (seen) return send(seen.status, seen.body);
      const doc = `${body.type}:${body.folio}`;
      const known = tracks.get(doc);
      if (known) return send(409, { estado: "duplicado", track_id: known, ted: `<TED folio="${body.folio}"/>` });
      if (fake.mode === "reject") {
        const answer = { status: 422, body: { estado: "rechazado", motivo: "RUT receptor no válido en el SII" } };
        answers.set(key, answer);
        return send(answer.status, answer.body);
      }
      const track = String(nextTrack++);
      tracks.set(doc, track);
      fake.issued.set(doc, (fake.issued.get(doc) ?? 0) + 1);
      const answer = {
        status: 200,
        body: { estado: "aceptado", track_id: track, ted: `<TED folio="${body.folio}"/>` },
      };
      answers.set(key, answer);
      if (fake.mode === "timeout") setTimeout(() => send(answer.status, answer.body), fake.delayMs);
      else send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** A CAF as the SII writes one (without the signature's real values), for `type` and folios first..last. */
export function cafXml(type: number, first: number, last: number, rut = "76.192.083-9"): string {
  return `<?xml version="1.0"?>
<AUTORIZACION><CAF version="1.0"><DA><RE>${rut.replaceAll(".", "")}</RE><RS>TALLER DEMO SPA</RS><TD>${type}</TD>
<RNG><D>${first}</D><H>${last}</H></RNG><FA>2026-01-05</FA><RSAPK><M>AAAA</M><E>Aw==</E></RSAPK><IDK>100</IDK></DA>
<FRMA algoritmo="SHA1withRSA">AAAA</FRMA></CAF><RSASK>-----BEGIN RSA PRIVATE KEY-----</RSASK></AUTORIZACION>`;
}
