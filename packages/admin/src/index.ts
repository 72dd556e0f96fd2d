export { adminRouter } from "./router";
