export { ordersRouter } from "./router";
// The write functions other domains may call (booking's check-in receives an order through createOrder).
export { createOrder, type NewOrder } from "./write/create-order";
