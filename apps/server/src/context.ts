import type { IncomingMessage } from "node:http";
import { authenticate } from "@taller/auth";
import { authenticateManager } from "@taller/manager";
import type { Database } from "@taller/db";
import type { Context, EventBus } from "@taller/trpc";
import { header } from "./headers";
import { clientIp, isSecure } from "./proxy";

export interface ContextDeps {
  database: Database;
  bus: EventBus;
  /** Reverse proxies in front of the server (TRUST_PROXY). */
  trustProxy: number;
  appVersion: string;
}

/**
 * Builds a procedure context from an HTTP request or a WebSocket upgrade request. A browser cannot set headers on a
 * WebSocket, so the kiosk sends its device token as the socket's connection parameter (`socketWorkpointToken`).
 */
export async function buildContext(
  deps: ContextDeps,
  req: IncomingMessage,
  setCookie: (cookie: string) => void,
  socketWorkpointToken?: string,
): Promise<Context> {
  const secure = isSecure(req, deps.trustProxy);
  const cookie = req.headers.cookie;
  const db = deps.database.db;
  const [auth, managerSession] = await Promise.all([
    authenticate(db, cookie, { secure, setCookie }),
    authenticateManager(db, cookie),
  ]);
  return {
    db,
    bus: deps.bus,
    ip: clientIp(req, deps.trustProxy),
    userAgent: req.headers["user-agent"] ?? "",
    secure,
    session: auth?.session ?? null,
    user: auth?.user ?? null,
    managerSession,
    workpointToken: header(req, "x-workpoint-token") ?? socketWorkpointToken ?? null,
    appVersion: deps.appVersion,
    setCookie,
  };
}
