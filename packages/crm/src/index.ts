export { crmRouter } from "./router";
export { advanceManagements, announceAll, crmJobs } from "./jobs";
