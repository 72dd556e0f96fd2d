// One TypeScript entry bundled into one ES module that plain `node` runs: how the server is built for production
// (apps/server/build.mjs), and how a bench runs what it measures in the runtime production uses (tsx's loader, a
// thread of its own, holds about 55 MB more). Workspace packages (@taller/*, TypeScript sources) are bundled in;
// npm packages stay outside, imported by their path inside node_modules relative to the output, because pnpm
// keeps a package's dependencies beside the package that declares them, not beside the entry.
import { readFile } from "node:fs/promises";
import { dirname, relative } from "node:path";
import { build } from "esbuild";

/** Bundles `entry` (an absolute path) into `outfile` (an absolute path); npm packages named in `inline` too. */
export async function bundleForNode({ entry, outfile, sourcemap = false, inline = [] }) {
  const inlined = (path) => inline.some((name) => path === name || path.startsWith(`${name}/`));
  const outdir = dirname(outfile);
  const fromOut = (file) => {
    const path = relative(outdir, file).split("\\").join("/");
    return path.startsWith(".") ? path : `./${path}`;
  };

  /** npm packages: left as imports of the file esbuild would have bundled, by a path relative to the output. */
  const externalPackages = {
    name: "external-packages",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (
          args.path.startsWith("@taller/") ||
          args.path.startsWith("node:") ||
          args.pluginData === "resolving" ||
          inlined(args.path)
        )
          return undefined;
        const found = await b.resolve(args.path, {
          resolveDir: args.resolveDir,
          kind: args.kind,
          pluginData: "resolving",
        });
        if (found.errors.length > 0) return { errors: found.errors };
        // Node's own modules named without "node:" (e.g. "fs") come back unresolved: they stay as written.
        if (!found.path.startsWith("/")) return { path: args.path, external: true };
        return { path: fromOut(found.path), external: true };
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
        const url = `new URL(${JSON.stringify(fromOut(args.path))}, import.meta.url).href`;
        return { contents: source.replaceAll("import.meta.url", url), loader: "ts" };
      });
    },
  };

  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap,
    logLevel: "warning",
    plugins: [externalPackages, sourceUrls],
  });
}
