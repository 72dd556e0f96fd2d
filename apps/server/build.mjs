// `pnpm build`: the server as one ES module (dist/index.js) that plain `node` runs, so production starts without
// compiling TypeScript at every start (see @taller/bundle); beside it the workbook parse's worker thread
// (dist/workbook-worker.js, found there by packages/manager's import/parse.ts).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForNode } from "@taller/bundle";

const here = dirname(fileURLToPath(import.meta.url));
await bundleForNode({ entry: resolve(here, "src/index.ts"), outfile: resolve(here, "dist/index.js"), sourcemap: true });
await bundleForNode({
  entry: resolve(here, "../../packages/manager/src/import/parse-worker.ts"),
  outfile: resolve(here, "dist/workbook-worker.js"),
  sourcemap: true,
});
