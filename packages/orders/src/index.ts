export { ordersRouter } from "./router";
