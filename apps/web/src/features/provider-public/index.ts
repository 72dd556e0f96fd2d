// The supplier's pages (no login): routes/pages.ts loads them lazily.
export { ProviderBuyOrderPage, ProviderPricingPage } from "./provider-page";
