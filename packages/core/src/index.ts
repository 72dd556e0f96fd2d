export * from "./company-keys";
export * from "./company";
export * from "./permissions";
export * from "./format";
export * from "./rut";
export * from "./embedding";
export * from "./files";
export * from "./account";
