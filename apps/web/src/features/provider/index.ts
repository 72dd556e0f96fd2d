// An order's or a budget's pricings and buy orders (staff side): the order detail and the budget's page show it.
export { ProviderSection } from "./provider-section";
