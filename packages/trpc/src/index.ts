export * from "./trpc";
export type * from "./context";
export * from "./errors";
export {
  busReady,
  createEventBus,
  pruneEvents,
  streamStats,
  type BusEvent,
  type EventBus,
  type StreamOptions,
} from "./events";
export { emitSessionsEnded, withTransaction, type Transaction } from "./transaction";
export { hitRateLimit, pruneRateLimits, RateLimiter, resetRateLimiters } from "./rate-limit";
export { tracked, TRPCError } from "@trpc/server";
export { loadSessionUser } from "./session-user";
export * from "./list";
export * from "./jobs";
export * from "./scheduler";
export {
  LOGIN_LIMITS,
  lockoutMessage,
  loginWaitMs,
  pruneLoginAttempts,
  reserveAttempt,
  type Attempt,
  type AttemptKey,
} from "./login-throttle";
export { verifyTotpStep } from "./totp";
export { readCookie } from "./cookies";
export { DOCUMENT_RESOURCE, documentOwner, ownedDocument, readableDocument, type DocumentReader } from "./documents";
export { buildSpreadsheet, spreadsheetDownload, spreadsheetFileName, type Cell, type Spreadsheet } from "./spreadsheet";
