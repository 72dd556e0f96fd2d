/**
 * How this server process does web push, set once by the server at start (apps/server/src/index.ts from its
 * environment). Until then, and in tests that do not set it: no delivery (the outbox) and push services only.
 */
export interface PushPolicy {
  /** "web-push": pushes go to the browsers' push services; "outbox": written to push_outbox, never sent. */
  delivery: "web-push" | "outbox";
  /**
   * Plain-http loopback origins accepted as subscription endpoints besides the push services: the local test
   * endpoint the server's environment names explicitly (PUSH_INSECURE_ORIGINS). Empty in production.
   */
  insecureOrigins: readonly string[];
}

let policy: PushPolicy = { delivery: "outbox", insecureOrigins: [] };

export function configurePush(next: PushPolicy): void {
  policy = { delivery: next.delivery, insecureOrigins: [...next.insecureOrigins] };
}

export function pushPolicy(): PushPolicy {
  return policy;
}
