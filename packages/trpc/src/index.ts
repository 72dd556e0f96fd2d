export * from "./trpc";
export type * from "./context";
export * from "./errors";
export * from "./events";
export { RateLimiter } from "./rate-limit";
export { tracked, TRPCError } from "@trpc/server";
export { loadSessionUser } from "./session-user";
export * from "./list";
export * from "./jobs";
