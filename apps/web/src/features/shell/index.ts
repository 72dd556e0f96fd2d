// What other features may use of the shell (routes load its pages directly).
export { configuredModules, moduleTerm } from "./navigation";
