import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests: Debian's Chromium (never a downloaded browser) against the built server on a free port with a
 * fresh database (e2e/global-setup.ts). Build the web app first: `pnpm --filter @taller/web build`.
 */
export default defineConfig({
  testDir: "./e2e",
  outputDir: "./test-results",
  globalSetup: "./e2e/global-setup.ts",
  // Two cores: a test spends part of its time waiting (timers, the network, the server), and a third browser fills
  // those gaps (7.5 min against 11.1 for two); a fourth finished later (8.3), with a test retried near its timeout.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Bounds, not targets: on a host whose memory faults are slow (seen: a page load of 7 s with three workers) a step
  // of a correct test can take several times its usual second, and a timeout there fails the run for nothing.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    // Set by the global setup, which runs before any test reads it.
    baseURL: process.env.E2E_BASE_URL,
    locale: "es-CL",
    timezoneId: "America/Santiago",
    // As a user who asks for less motion: no spinner repaints 60 times a second on two shared cores, and nothing
    // a test clicks is mid-animation (ui.css honours the setting).
    reducedMotion: "reduce",
    // Recording a trace costs every test CPU (DOM snapshots, screencast) on two shared cores: only a retry records one.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 800 } } }],
});
