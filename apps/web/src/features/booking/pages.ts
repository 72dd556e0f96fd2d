// The agenda's route components (routes/pages.ts loads this chunk lazily with /main/booking and /main/bookings/$id).
export { AgendaPage } from "./agenda-page";
export { BookingDetailPage } from "./booking-detail";
