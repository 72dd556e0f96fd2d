// An order's pricings and buy orders (staff side): the order detail shows this section.
export { ProviderSection } from "./provider-section";
