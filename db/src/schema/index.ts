export * from "./companies";
export * from "./access";
export * from "./catalog";
export * from "./clients";
export * from "./orders";
export * from "./server";
export * from "./booking";
export * from "./inbound-mail";
