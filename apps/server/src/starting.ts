// The start, in phases. The server listens before it opens the database, so a browser opened during a first start
// sees what it is waiting for instead of a refused connection; until the app takes over the same server, every
// request gets 503 and /healthz says "starting" (a load balancer or the e2e setup waits for 200).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setCommonHeaders, urlPath } from "./headers";
import type { Logger } from "./logger";

/** What each phase is called on the waiting page. */
const PHASE_TEXT: Record<string, string> = {
  database: "abriendo la base de datos",
  migrations: "actualizando la base de datos",
  seed: "creando los datos de demostración",
  services: "preparando los servicios",
  "web build": "compilando la aplicación web",
};

export interface Starting {
  /** The server the app takes over (createApp's `server`), already listening. */
  server: Server;
  port: number;
  /** Starts the next phase (the previous one ends): logged, timed, and shown to whoever asks meanwhile. */
  phase(name: string): void;
  /**
   * Ends the last phase and stops answering: the app's handler is attached next. Returns each phase's wall ms and
   * its CPU ms (main thread and the pool's together; steadier than the wall clock on a shared machine).
   */
  done(): { wall: Record<string, number>; cpu: Record<string, number> };
}

/**
 * Listens on `port` (0: any free port) with a handler that answers 503 while the server starts. `trustProxy` as the
 * app's (security headers depend on the forwarded protocol).
 */
export async function listenWhileStarting(opts: {
  port: number;
  host: string;
  trustProxy: number;
  logger: Logger;
}): Promise<Starting> {
  const wall: Record<string, number> = {};
  const cpu: Record<string, number> = {};
  const cpuMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let current = { name: "database", at: performance.now(), cpuAt: cpuMs() };
  const waiting = (req: IncomingMessage, res: ServerResponse) => {
    const path = urlPath(req.url);
    setCommonHeaders(req, res, path, opts.trustProxy);
    res.setHeader("retry-after", "2");
    res.setHeader("cache-control", "no-store");
    if (path === "/healthz" || path.startsWith("/trpc") || req.method !== "GET") {
      res.writeHead(503, { "content-type": "application/json" });
      return void res.end(JSON.stringify({ status: "starting", phase: current.name }));
    }
    res.writeHead(503, { "content-type": "text/html; charset=utf-8" });
    res.end(waitingPage(PHASE_TEXT[current.name] ?? current.name));
  };
  const server = createServer(waiting);
  const port = await new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  const end = () => {
    wall[current.name] = Math.round(performance.now() - current.at);
    cpu[current.name] = Math.round(cpuMs() - current.cpuAt);
  };
  opts.logger.info({ startup: current.name }, `starting: ${current.name}`);
  return {
    server,
    port,
    phase(name) {
      end();
      current = { name, at: performance.now(), cpuAt: cpuMs() };
      opts.logger.info({ startup: name }, `starting: ${name}`);
    },
    done() {
      end();
      server.off("request", waiting);
      return { wall, cpu };
    },
  };
}

/** A page that reloads itself every 2 s until the app answers. */
function waitingPage(what: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Iniciando…</title></head>
<body style="font-family:sans-serif;display:grid;place-items:center;min-height:90vh;color:#333">
<p>Iniciando: ${what}…</p></body></html>`;
}
