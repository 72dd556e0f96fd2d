// The inventory screens (routes load them from here): the products list and a product's page, the inventory actions'
// lists and an action's page; an order's or a booking's consumption.
export { ProductPage } from "./product-page";
export { ProductsPage } from "./products-page";
export { DocumentConsumption } from "./document-consumption";
export { ActionsPage, PricingsPage } from "./actions-page";
export { ActionPage } from "./action-page";
