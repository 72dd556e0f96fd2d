export { vehiclesRouter } from "./router";
