// The built server runs with the same node options everywhere: its production start (package.json "start") and the
// scripts that start it themselves (start.mjs, bench:start) from node-options.json (docs/performance.md 'Start').
import { expect, it } from "vitest";
import nodeOptions from "../node-options.json";
import serverPackage from "../package.json";

it("the production start passes node the options in node-options.json", () => {
  expect(serverPackage.scripts.start).toBe(`node ${nodeOptions.join(" ")} dist/index.js`);
});
