export * from "./trpc";
export type * from "./context";
export * from "./errors";
export { busReady, createEventBus, pruneEvents, type BusEvent, type EventBus } from "./events";
export { withTransaction, type Transaction } from "./transaction";
export { RateLimiter } from "./rate-limit";
export { tracked, TRPCError } from "@trpc/server";
export { loadSessionUser } from "./session-user";
export * from "./pagination";
