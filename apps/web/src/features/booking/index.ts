// What other features use of the agenda: features reach into each other through this file only (lint boundary).
export { BookingDialog } from "./booking-detail";
export { BookingFormDialog, type BookingPrefill } from "./booking-form";
