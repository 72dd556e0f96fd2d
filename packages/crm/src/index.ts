export { crmRouter } from "./router";
