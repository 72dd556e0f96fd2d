export { crmRouter } from "./router";
export { crmJobs } from "./jobs";
