import { describe, expect, it } from "vitest";
import { LoadFailure, retryingLoader } from "../src/lib/retrying-loader";

describe("retryingLoader", () => {
  it("loads once and keeps what it loaded", async () => {
    let calls = 0;
    const loader = retryingLoader(() => Promise.resolve(++calls));
    expect(loader.loaded()).toBeUndefined();
    const first = loader.load();
    expect(loader.load()).toBe(first);
    expect(await first).toBe(1);
    expect(await loader.load()).toBe(1);
    expect(loader.loaded()).toBe(1);
    expect(calls).toBe(1);
  });

  it("forgets a failure, so the next load tries again", async () => {
    let calls = 0;
    const offline = new TypeError("Failed to fetch dynamically imported module");
    const loader = retryingLoader(() => (++calls === 1 ? Promise.reject(offline) : Promise.resolve("form")));
    const failure = await loader.load().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoadFailure);
    expect((failure as LoadFailure).cause).toBe(offline);
    expect(loader.loaded()).toBeUndefined();
    expect(await loader.load()).toBe("form");
    expect(calls).toBe(2);
  });
});
