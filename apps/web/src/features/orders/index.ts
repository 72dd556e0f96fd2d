// What other features use of orders: features reach into each other through this file only (lint boundary).
export { OrderDialog } from "./order-dialog";
export { ClientName } from "./order-rows";
