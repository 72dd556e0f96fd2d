// `pnpm build`: the server as one ES module (dist/index.js) that plain `node` runs, so production starts without
// compiling TypeScript at every start. Workspace packages (@taller/*, TypeScript sources) are bundled in; npm
// packages stay outside, imported by their path inside node_modules relative to dist/, because pnpm keeps a
// package's dependencies beside the package that declares them, not beside the server.
import { readFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const outdir = resolve(here, "dist");
const fromDist = (file) => {
  const path = relative(outdir, file).split("\\").join("/");
  return path.startsWith(".") ? path : `./${path}`;
};

/** npm packages: left as imports of the file esbuild would have bundled, by a path relative to dist/. */
const externalPackages = {
  name: "external-packages",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith("@taller/") || args.path.startsWith("node:") || args.pluginData === "resolving") return undefined;
      const found = await b.resolve(args.path, { resolveDir: args.resolveDir, kind: args.kind, pluginData: "resolving" });
      if (found.errors.length > 0) return { errors: found.errors };
      // Node's own modules named without "node:" (e.g. "fs") come back unresolved: they stay as written.
      if (!found.path.startsWith("/")) return { path: args.path, external: true };
      return { path: fromDist(found.path), external: true };
    });
  },
};

/**
 * `import.meta.url` keeps meaning "where this source file lives" (db finds its migrations beside its sources, the
 * server finds the repository root): rewritten, in each bundled file that uses it, to that file's own URL.
 */
const sourceUrls = {
  name: "source-urls",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      if (!source.includes("import.meta.url")) return undefined;
      const url = `new URL(${JSON.stringify(fromDist(args.path))}, import.meta.url).href`;
      return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
    });
  },
};

await build({
  entryPoints: [resolve(here, "src/index.ts")],
  outfile: resolve(outdir, "index.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [externalPackages, sourceUrls],
});
