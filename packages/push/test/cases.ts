// Tenancy and bad-input cases of the push router (see ProcedureCase in @taller/trpc/testing).
import type { DomainCases } from "@taller/trpc/testing";
import type { pushRouter } from "../src";

const P256DH = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString("base64url");
const AUTH = Buffer.alloc(16, 9).toString("base64url");
const subscription = {
  endpoint: "https://fcm.googleapis.com/fcm/send/abc:APA91b",
  expirationTime: null,
  keys: { p256dh: P256DH, auth: AUTH },
};

export const pushCases: DomainCases<typeof pushRouter> = {
  // The server's key: the same for every company, no tenant data.
  publicKey: { kind: "scoped", leaks: () => null },
  // The caller's own device only: nothing of another company is read or answered.
  subscribe: {
    kind: "scoped",
    input: () => subscription,
    leaks: (r) => (JSON.stringify(r) === JSON.stringify({ ok: true }) ? null : `answered ${JSON.stringify(r)}`),
    valid: () => subscription,
    attacks: () => [
      { ...subscription, endpoint: "http://169.254.169.254/latest/meta-data" },
      { ...subscription, endpoint: "https://fcm.googleapis.com.evil.example/x" },
      { ...subscription, endpoint: "file:///etc/passwd" },
      { ...subscription, keys: { p256dh: "A".repeat(5000), auth: AUTH } },
      { ...subscription, keys: { p256dh: P256DH, auth: "' OR 1=1 --" } },
    ],
  },
  unsubscribe: {
    kind: "scoped",
    leaks: (r) => (JSON.stringify(r) === JSON.stringify({ ok: true }) ? null : `answered ${JSON.stringify(r)}`),
  },
};
