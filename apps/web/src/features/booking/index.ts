// What other features use of the agenda: features reach into each other through this file only (lint boundary).
export { BookingDialog } from "./booking-dialog";
export { BookingForm, BookingFormDialog } from "./booking-form-dialog";
export type { BookingPrefill } from "./booking-form";
