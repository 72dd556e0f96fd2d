/**
 * `pnpm bench:web`: builds the web app and reports, for every built route, the gzipped JavaScript (and CSS) a first
 * visit downloads, following Vite's manifest: the entry chunk, the route's lazy chunks and everything they import
 * statically. Targets: the login route at most 120 KB of gzipped JavaScript, the staff shell (data layer and shell)
 * at most 150 KB, and every other page, with the shell where it needs one, at most 200 KB.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const LOGIN_TARGET_BYTES = 120 * 1024;
const SHELL_TARGET_BYTES = 150 * 1024;
const ROUTE_TARGET_BYTES = 200 * 1024;

/** The staff area: its guard loads the data layer, then the shell (src/routes/guards.ts, pages.ts). */
const STAFF = ["src/lib/trpc.tsx", "src/features/shell/main-shell.tsx"];
/** Page modules a visitor or an operator opens without the staff shell. */
const OUTSIDE_SHELL = [
  "auth/login-page",
  "auth/invitation-page",
  "status/status-pages",
  "booking-public",
  "provider-public",
  "payments/client-payment-page",
  "zip/zip-page",
  "workpoint",
  "manager",
  "manager-whatsapp",
];

/** Every page module the router loads lazily (src/routes/pages.ts), so a new screen is measured without a list here. */
function pageModules(): string[] {
  const pages = readFileSync(join(root, "src/routes/pages.ts"), "utf8");
  const modules = [...pages.matchAll(/import\("\.\.\/features\/([\w/-]+)"\)/g)].map((m) => m[1]!);
  return [...new Set(modules)];
}

/** A page module's source file as the manifest names it. */
function sourceOf(module: string): string {
  for (const candidate of [`${module}.tsx`, `${module}.ts`, `${module}/index.ts`, `${module}/index.tsx`]) {
    const key = `src/features/${candidate}`;
    if (existsSync(join(root, key))) return key;
  }
  throw new Error(`no source for page module ${module}`);
}

/** Which chunk holds each module: Rollup may merge a lazily loaded page into a shared chunk of another name. */
const chunkOfModule = new Map<string, string>();
await build({
  root,
  logLevel: "warn",
  plugins: [
    {
      name: "chunk-of-module",
      generateBundle(_options, bundle) {
        for (const output of Object.values(bundle))
          if (output.type === "chunk") for (const id of output.moduleIds) chunkOfModule.set(id, output.fileName);
      },
    },
  ],
});
const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));

/** A source module's chunk in the manifest, found by the chunk that holds it when the manifest lists it otherwise. */
function chunkOf(key: string): ManifestChunk | undefined {
  const file = chunkOfModule.get(join(root, key));
  return manifest[key] ?? (file ? byFile.get(file) : undefined);
}

function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunkOf(key);
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

const results: { route: string; bytes: number; target: number }[] = [];
const measure = (route: string, chunks: string[], target: number) => {
  const { js, css } = closure(["index.html", ...chunks]);
  const bytes = gzipped(js);
  results.push({ route, bytes, target });
  const verdict = bytes <= target ? "met" : "NOT MET";
  console.log(
    `${route.padEnd(36)} JS ${kb(bytes).padStart(9)} gzip in ${String(js.size).padStart(2)} files, ` +
      `CSS ${kb(gzipped(css)).padStart(7)}; target ${kb(target)} ${verdict} (ratio ${(bytes / target).toFixed(2)})`,
  );
};
measure("login (auth/login-page)", [sourceOf("auth/login-page")], LOGIN_TARGET_BYTES);
measure("staff shell", STAFF, SHELL_TARGET_BYTES);
for (const module of pageModules()) {
  if (module === "auth/login-page" || module === "shell/main-shell") continue;
  const chunks = OUTSIDE_SHELL.includes(module) ? [sourceOf(module)] : [...STAFF, sourceOf(module)];
  measure(module, chunks, ROUTE_TARGET_BYTES);
}
const unmet = results.filter((r) => r.bytes > r.target);
console.log(unmet.length ? `targets not met: ${unmet.map((r) => r.route).join(", ")}` : "every target met");
if (unmet.length) process.exitCode = 1;
