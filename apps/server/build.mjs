// `pnpm build`: the server as one ES module (dist/server.js) that plain `node` runs, so production starts without
// compiling TypeScript at every start (see @taller/bundle), behind its entry (dist/index.js, below); beside it the
// workbook parse's worker thread (dist/workbook-worker.js, found there by packages/manager's import/parse.ts).
import { writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForNode } from "@taller/bundle";

const here = dirname(fileURLToPath(import.meta.url));
// Inlined: the pure JavaScript packages loaded at every start. Node resolves each file an ES module imports and
// reads the package.json of its folder; their hundreds of files cost more to find and load than their code
// does to run. Left outside: native and asset-reading packages, and the ones loaded on first use.
const inline = [
  "drizzle-orm",
  "zod",
  "@trpc/server",
  "superjson",
  "lucia",
  "@lucia-auth/adapter-drizzle",
  "@date-fns/tz",
  "postgres",
  "otplib",
  "ua-parser-js",
  "sirv",
  "fast-xml-parser",
];
await bundleForNode({
  entry: resolve(here, "src/index.ts"),
  outfile: resolve(here, "dist/server.js"),
  sourcemap: true,
  inline,
});
// The entry turns on Node's compile cache (Node 22.1 on; in the system's temporary folder, keyed by each file's
// contents) before loading the bundle: a start with the cache deserializes the bundle's compiled code instead of
// parsing its 2.5 MB, whose parser memory, freed, stayed in the allocator as about 10 MB of free pages for the
// process's life (docs/performance.md 'Start'). The server writes the cache once it is ready (src/index.ts).
await writeFile(
  resolve(here, "dist/index.js"),
  `// Written by build.mjs: the compile cache first, then the server.
import module from "node:module";
module.enableCompileCache?.();
await import("./server.js");
`,
);
await bundleForNode({
  entry: resolve(here, "../../packages/manager/src/import/parse-worker.ts"),
  outfile: resolve(here, "dist/workbook-worker.js"),
  sourcemap: true,
});
