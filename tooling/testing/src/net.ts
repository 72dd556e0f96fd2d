import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 right now: for a server a test or bench starts as a separate process. */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}
