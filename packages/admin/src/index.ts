export { adminRouter } from "./router";
// The reads other domains call (DOMAIN_ORDER): their documents move among the statuses admin configures.
export { isTransitionAllowed, statusTransitionsOf } from "./read/status-transitions";
