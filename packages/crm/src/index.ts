export { crmRouter } from "./router";
export { crmJobs } from "./jobs";
// The write functions other domains may call (the reception finds or creates the client it receives for). The
// operators' workbook import upserts its clients through "@taller/crm/import" (src/write/import.ts), which loads no
// router.
export { createClient, updateClient, type ClientInput } from "./client-write";
// How managements follow their bookings: booking's create, move and client page move theirs at once, and check
// ownership the way the CRM's lists do.
export { followMovedBooking, releaseCancelledBooking, tieBooking } from "./write/advance";
export { crmOwnCondition } from "./own-condition";
