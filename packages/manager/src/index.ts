export { managerRouter } from "./router";
export { authenticateManager, MANAGER_COOKIE } from "./session";
