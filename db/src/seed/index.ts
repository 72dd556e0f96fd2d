export { seedDemo, seedDemoIfEmpty, DEMO_PASSWORD, ROLE_GRANTS } from "./demo";
export type { CompanyFixture, DemoFixtures } from "./demo";
export { chileanHolidays } from "./data";
