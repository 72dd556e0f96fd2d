export * from "./cursor";
export * from "./page";
export * from "./scope";
export * from "./count";
