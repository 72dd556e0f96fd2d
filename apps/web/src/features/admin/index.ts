// The company administration (/admin), loaded with its routes (routes/pages.ts).
export { AdminUsersPage } from "./users-page";
export { AdminRolesPage } from "./roles-page";
export { AdminLocationsPage } from "./locations-page";
export { AdminHolidaysPage } from "./holidays-page";
export { AdminStatusesPage } from "./statuses-page";
export { AdminRequirementsPage } from "./requirements-page";
export { AdminPreferencesPage } from "./preferences-page";
