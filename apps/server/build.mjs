// `pnpm build`: the server as one ES module (dist/index.js) that plain `node` runs, so production starts without
// compiling TypeScript at every start (see @taller/bundle).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bundleForNode } from "@taller/bundle";

const here = dirname(fileURLToPath(import.meta.url));
await bundleForNode({ entry: resolve(here, "src/index.ts"), outfile: resolve(here, "dist/index.js"), sourcemap: true });
