import type { TestProject } from "vitest/node";
import { buildTemplates, testServerUrl } from "./templates";

/**
 * vitest global setup (root vitest.config.ts): on PostgreSQL, builds the run's migrated and seeded templates once, so
 * each test file's database is a copy (see templates.ts); with PGlite there is nothing to share.
 */
export default async function setup(project: TestProject) {
  const serverUrl = testServerUrl();
  if (!serverUrl) return;
  const { drop, ...templates } = await buildTemplates(serverUrl);
  project.provide("testTemplates", templates);
  return drop;
}
