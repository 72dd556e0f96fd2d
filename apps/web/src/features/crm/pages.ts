// The CRM's route components (routes/pages.ts loads this chunk lazily with /main/crm).
export { AbsencesPage, BookingFollowUpsPage, CrmLayout, RetentionsPage } from "./crm-page";
export { ClientDetailPage } from "./client-detail";
export { ClientsPage } from "./clients-page";
export { ManagementDetailPage } from "./management-detail";
