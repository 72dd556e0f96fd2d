export { crmRouter } from "./router";
export { crmJobs } from "./jobs";
// The write functions other domains may call (the reception finds or creates the client it receives for).
export { createClient, updateClient, type ClientInput } from "./client-write";
