export * from "./client";
export * as schema from "./schema";
export * from "./schema";
export * from "./password";
export * from "./search";
export * from "./sql";
export * from "./custom-fields";
export * from "./payment-link";
