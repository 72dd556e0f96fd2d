import type { Grant } from "@taller/core";
import type { Db } from "@taller/db";
import type { EventBus } from "./events";

/** The staff member behind a session, with the role's grants resolved once per session. */
export interface SessionUser {
  id: number;
  companyId: number;
  roleId: number | null;
  roleName: string | null;
  name: string;
  email: string;
  grants: Grant[];
}

export interface SessionInfo {
  id: string;
  kind: "staff" | "kiosk";
}

export interface ManagerSessionInfo {
  id: string;
  managerUserId: number;
}

/**
 * The WebSocket a procedure's request came on (apps/server/src/socket.ts): what lets a subscription's events be
 * written to it without passing through tRPC's adapter one by one (the event bus's `subscription`).
 */
export interface SubscriptionSocket {
  readonly readyState: number;
  send(data: string): void;
  /**
   * The start of the 'started' frame tRPC's adapter sent on this socket in the current synchronous turn (`{"id":…`
   * up to its result), once; null otherwise. The adapter asks a subscription for its first event right after
   * sending its 'started', in the same turn: that subscription, and only it, finds its own head here.
   */
  takeStartedHead(): string | null;
}

/**
 * What every procedure sees. The server (composition root) builds it per HTTP request or per WebSocket
 * connection; a WebSocket's context is fixed at connect time.
 */
export interface Context {
  db: Db;
  bus: EventBus;
  ip: string;
  userAgent: string;
  /** True when the request arrived over TLS (directly or through a proxy that says so). */
  secure: boolean;
  session: SessionInfo | null;
  user: SessionUser | null;
  managerSession: ManagerSessionInfo | null;
  /** Work-point device token sent by the kiosk screen. */
  workpointToken: string | null;
  /** The running server's version (the update dialog compares it with the browser's build). */
  appVersion: string;
  /** Adds a Set-Cookie header to the HTTP response (no-op on WebSocket). */
  setCookie(cookie: string): void;
  /** The request's WebSocket; absent over HTTP and for server-side callers. */
  socket?: SubscriptionSocket;
}
