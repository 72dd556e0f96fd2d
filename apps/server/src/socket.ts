import type { SubscriptionSocket as Sink } from "@taller/trpc";
import { WebSocket } from "ws";

/** How tRPC's adapter ends a 'started' frame: `{"id":…,"result":{"type":"started"}}` (jsonEncoder, JSON.stringify). */
const STARTED_END = ',"result":{"type":"started"}}';

/**
 * The server's WebSockets. They note the head of each 'started' frame tRPC's adapter sends (`{"id":…`) for the
 * rest of the synchronous turn: the adapter asks the subscription for its first event in that turn, and a chat's
 * subscription takes the head then, to write its further frames itself (packages/trpc's Feed).
 */
export class SubscriptionSocket extends WebSocket implements Sink {
  private startedHead: string | null = null;

  override send(data: unknown, ...rest: unknown[]): void {
    if (typeof data === "string" && data.endsWith(STARTED_END)) {
      this.startedHead = data.slice(0, -STARTED_END.length);
      // Only the subscription the adapter asks next, in this very turn, may take it.
      queueMicrotask(() => (this.startedHead = null));
    }
    (super.send as (...args: unknown[]) => void)(data, ...rest);
  }

  takeStartedHead(): string | null {
    const head = this.startedHead;
    this.startedHead = null;
    return head;
  }
}
