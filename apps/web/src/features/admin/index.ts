// The company administration (/admin), loaded with its routes (routes/pages.ts).
export { AdminUsersPage } from "./users-page";
