/**
 * `pnpm bench:web`: builds the web app and reports, for every built route, the gzipped JavaScript (and CSS) a first
 * visit downloads, following Vite's manifest: the entry chunk, the route's lazy chunks and everything they import
 * statically. Target: the login route at most 120 KB of gzipped JavaScript.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const LOGIN_TARGET_BYTES = 120 * 1024;

/** The staff area: its guard loads the data layer, then the shell (src/routes/guards.ts, pages.ts). */
const STAFF = ["src/lib/trpc.tsx", "src/features/shell/main-shell.tsx"];
const STATUS = ["src/features/status/status-pages.tsx"];
/** Lazy chunks each route needs before it can render (see src/routes/pages.ts). */
const ROUTES: Record<string, string[]> = {
  "/login": ["src/features/auth/login-page.tsx"],
  "/main/orders": [...STAFF, "src/features/orders/orders-page.tsx"],
  "/main/orders/$id": [...STAFF, "src/features/orders/order-detail.tsx"],
  "/main/vehicles": [...STAFF, "src/features/vehicles/vehicles-page.tsx"],
  "/main/settings": [...STAFF, "src/features/settings/settings-page.tsx"],
  "/main/booking, /main/bookings/$id": [...STAFF, "src/features/booking/pages.ts"],
  "/main/crm/*": [...STAFF, "src/features/crm/crm-page.tsx", "src/features/crm/crm-screens.tsx"],
  "/main/<próximamente>": [...STAFF, ...STATUS],
  "/forbidden, /not-found, /iframe-rejected": STATUS,
};

await build({ root, logLevel: "warn" });
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;

/**
 * A dynamic entry that Rollup merged with modules of its own is listed by chunk name, not by source path
 * ("_trpc-<hash>.js" with name "trpc" for src/lib/trpc.tsx).
 */
function byName(key: string): ManifestChunk | undefined {
  const name = key.replace(/^.*\//, "").replace(/\.[^.]+$/, "");
  const found = Object.values(manifest).filter((c) => c.name === name && c.isDynamicEntry && !c.src);
  return found.length === 1 ? found[0] : undefined;
}

function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key] ?? byName(key);
    if (!chunk) throw new Error(`not in the manifest: ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((f) => css.add(f));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js, css };
}

const gzipped = (files: Iterable<string>) =>
  [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const results: Record<string, number> = {};
for (const [route, chunks] of Object.entries(ROUTES)) {
  const { js, css } = closure(["index.html", ...chunks]);
  results[route] = gzipped(js);
  console.log(
    `${route.padEnd(42)} JS ${kb(results[route]).padStart(9)} gzip in ${js.size} files, CSS ${kb(gzipped(css))} gzip`,
  );
}
const login = results["/login"]!;
console.log(
  `login route: ${login} bytes, ${kb(login)} of the ${kb(LOGIN_TARGET_BYTES)} target (ratio ${(login / LOGIN_TARGET_BYTES).toFixed(2)})`,
);
if (login > LOGIN_TARGET_BYTES) process.exitCode = 1;
