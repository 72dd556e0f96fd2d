// The operator area's screens, loaded with their routes (routes/pages.ts).
export { ManagerLoginPage } from "./login-page";
export { ManagerShell } from "./manager-shell";
export { ManagerDatabasePage } from "./database-page";
