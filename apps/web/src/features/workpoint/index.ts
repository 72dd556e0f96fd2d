// The kiosk's screens and the admin's device list, loaded with their routes (routes/pages.ts).
export { KioskLoginPage, KioskUnauthorizedPage, KioskWorksPage } from "./kiosk-pages";
export { WorkpointDevicesPage } from "./devices-page";
