import base from "@taller/vitest-config";
import { mergeConfig } from "vitest/config";

// The suite seeds one database for many webhook scenarios; on a loaded machine the seed alone can pass a minute.
export default mergeConfig(base, { test: { hookTimeout: 300_000, testTimeout: 120_000 } });
