import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../src/password";
import { DEMO_HASHES, DEMO_PASSWORD, DEMO_WORKPOINT_CODE } from "../src/seed";

/** "$argon2id$v=19$m=…,t=…,p=…$": a PHC hash's algorithm and parameters, without its salt and digest. */
const parameters = (hash: string) => hash.split("$").slice(0, 4).join("$");

describe("the demo's stored hashes", () => {
  it("verify the published demo password and work-point code, and nothing else", async () => {
    expect(await verifyPassword(DEMO_HASHES.passwordHash, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(DEMO_HASHES.workpointCodeHash, DEMO_WORKPOINT_CODE)).toBe(true);
    expect(await verifyPassword(DEMO_HASHES.passwordHash, DEMO_WORKPOINT_CODE)).toBe(false);
    expect(await verifyPassword(DEMO_HASHES.workpointCodeHash, `${DEMO_WORKPOINT_CODE}0`)).toBe(false);
  });

  it("carry the parameters hashPassword uses now", async () => {
    const current = parameters(await hashPassword("any"));
    expect(current).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/);
    expect(parameters(DEMO_HASHES.passwordHash)).toBe(current);
    expect(parameters(DEMO_HASHES.workpointCodeHash)).toBe(current);
  });
});
