export { seedDemo, seedDemoIfEmpty, DEMO_PASSWORD, ROLE_GRANTS } from "./demo";
export type { CompanyFixture, DemoFixtures } from "./demo";
export { seedScale, SCALE_COMPANY } from "./scale";
export { seedScaleCrm } from "./scale-crm";
export { seedScalePayments } from "./scale-payments";
export type { ScaleOptions, ScaleResult } from "./scale";
export { chileanHolidays } from "./data";
export { demoCrmLinks, demoCrmToken } from "./booking";
export { demoWorkpointLinks, demoWorkpointToken, DEMO_WORKPOINT_CODE } from "./works";
