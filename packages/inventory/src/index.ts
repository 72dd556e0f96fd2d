export { inventoryRouter } from "./router";
// Other domains move stock only through these (a buy order's receipt, an order's consumption).
export { countStock, moveStock, transferStock, type Moved, type StockChange, type StockDocument } from "./write";
