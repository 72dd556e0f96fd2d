// What the bench scripts (`pnpm bench:orders`, `pnpm bench:booking`) share: the real server on a free port, and a
// staff login over HTTP. Kept apart from index.ts, which is vitest's side.
import { spawn, type ChildProcess } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_PASSWORD } from "@taller/db/seed";

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), "../../../apps/server");

/** apps/server (through tsx, production mode, no demo seeding) on a free port of 127.0.0.1, against `databaseUrl`. */
export function startBenchServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/index.ts"], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: "0", HOST: "127.0.0.1", SEED_DEMO: "never", LOG_LEVEL: "info", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolvePromise, reject) => {
    let buffered = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      for (const line of buffered.split("\n")) {
        const port = /"port":(\d+)/.exec(line)?.[1];
        if (port && line.includes("listening")) resolvePromise({ url: `http://127.0.0.1:${port}`, child });
      }
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Logs a demo user in through auth.login; answers the Cookie header its requests carry. */
export async function benchLogin(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/trpc/auth.login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-trpc-source": "bench" },
    body: JSON.stringify({ json: { email, password: DEMO_PASSWORD } }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}
