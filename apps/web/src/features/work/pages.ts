// The routes' lazy entry (routes/pages.ts): the works screens load with their route.
export { WorksPage } from "./works-page";
export { WorkDetailPage } from "./work-detail";
