export { companyRouter } from "./router";
