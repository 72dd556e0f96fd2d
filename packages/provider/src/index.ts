export { providerRouter } from "./router";
export { issueLink, LINK_PATH } from "./links";
