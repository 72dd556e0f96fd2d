// `pnpm build`: the server as one ES module (dist/index.js) that plain `node` runs, so production starts without
// compiling TypeScript at every start (see @taller/bundle); beside it the workbook parse's worker thread
// (dist/workbook-worker.js, found there by packages/manager's import/parse.ts).
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
  outfile: resolve(here, "dist/index.js"),
  sourcemap: true,
  inline,
});
await bundleForNode({
  entry: resolve(here, "../../packages/manager/src/import/parse-worker.ts"),
  outfile: resolve(here, "dist/workbook-worker.js"),
  sourcemap: true,
});
