export { chatRouter } from "./router";
