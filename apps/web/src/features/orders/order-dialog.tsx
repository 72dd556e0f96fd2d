/**
 * One order in a dialog other screens open (vehicles, the chat, a payment):
 *
 *   <OrderDialog orderId={id} open={open} onOpenChange={setOpen} />
 *
 * The order's view (order-detail.tsx, with its payments, supplier requests and their forms) loads when the dialog
 * opens, so a screen that may open it does not carry it in its first load.
 */
import { useTerms } from "../../lib/company-setup";
import { lazyPart } from "../../lib/lazy-part";
import { RecordDialog } from "../../ui/record-dialog";
import "./orders.css";

const OrderRecord = lazyPart(() => import("./order-detail").then((m) => m.OrderRecord), "el detalle");

/** The order in a dialog at least 80% of the window wide. */
export function OrderDialog({
  orderId,
  open,
  onOpenChange,
}: {
  orderId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const terms = useTerms();
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={terms.order.one}
      width={1100}
      className="order-dialog"
      page={{ to: "/main/orders/$id", params: { id: String(orderId) } }}
    >
      <OrderRecord orderId={orderId} />
    </RecordDialog>
  );
}
