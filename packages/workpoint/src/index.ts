export { workpointRouter } from "./router";
export type { Work } from "./rows";
