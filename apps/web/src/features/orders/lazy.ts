// What other features load of orders on demand: the order dialog's code arrives when one first opens, not with the
// screen that may open it (the chat's and the payment's detail). Orders open chats and offer 'Crear cobro', so a
// static import would tie those features' chunks in a cycle and load the order detail with every chat. Public beside
// the index (lint boundary).
import { lazyComponent } from "../../lib/lazy-component";

export const LazyOrderDialog = lazyComponent(() => import("./order-dialog").then((m) => m.OrderDialog));
