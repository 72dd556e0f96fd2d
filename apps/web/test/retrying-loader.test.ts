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
    loader.forget();
    expect(await loader.load()).toBe(1);
    expect(loader.loaded()).toBe(1);
    expect(calls).toBe(1);
  });

  it("keeps a failure until it is forgotten, then loads again", async () => {
    let calls = 0;
    const offline = new TypeError("Failed to fetch dynamically imported module");
    const loader = retryingLoader(() => (++calls === 1 ? Promise.reject(offline) : Promise.resolve("form")));
    const failed = loader.load();
    const failure = await failed.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LoadFailure);
    expect((failure as LoadFailure).cause).toBe(offline);
    // A render after the failure sees the same failed load, not a new attempt (which would spin for ever).
    expect(loader.load()).toBe(failed);
    expect(calls).toBe(1);
    loader.forget();
    expect(await loader.load()).toBe("form");
    expect(loader.loaded()).toBe("form");
    expect(calls).toBe(2);
  });
});
