import base from "@taller/vitest-config";
import { defineProject, mergeConfig } from "vitest/config";

// Each file its own module graph: these tests start whole servers, whose options set process-wide adapters.
export default mergeConfig(base, defineProject({ test: { isolate: true } }));
