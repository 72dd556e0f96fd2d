export { seedDemo, seedDemoIfEmpty, DEMO_OPERATOR, DEMO_PASSWORD, ROLE_GRANTS } from "./demo";
export type { CompanyFixture, DemoFixtures } from "./demo";
export { seedScale, SCALE_COMPANY } from "./scale";
export { seedScaleCrm } from "./scale-crm";
export type { ScaleOptions, ScaleResult } from "./scale";
export { chileanHolidays } from "./data";
export { demoCrmLinks, demoCrmToken } from "./booking";
export { demoWorkpointLinks, demoWorkpointToken, DEMO_WORKPOINT_CODE } from "./works";
