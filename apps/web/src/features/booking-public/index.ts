// The public booking pages (no login): routes/pages.ts loads them lazily.
export { ClientBookingPage, CrmBookingPage } from "./booking-page";
