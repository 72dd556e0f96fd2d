export { adminRouter } from "./router";
// The reads other domains call (DOMAIN_ORDER): their documents move among the statuses admin configures.
export { isTransitionAllowed, statusTransitionsOf } from "./read/status-transitions";
// Admin owns users and companies: a user's own account changes (@taller/auth) and the operators' creation and
// deletion of a company (@taller/manager) are written through these.
export {
  consumeTotpStep,
  disableTotp,
  enableTotp,
  issueTotpSecret,
  setEmailIfFree,
  setOnline,
  setPasswordHash,
  updateProfile,
  type ProfileChanges,
} from "./write/account";
export { createCompany, deleteCompany } from "./write/companies";
