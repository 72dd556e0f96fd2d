/**
 * 'Crear cobro' on an order (the order's detail) or a budget (its page): asks the client to pay for it. On an order,
 * one line for the order's total is proposed; staff may change it or add lines (quantity, title, description, unit
 * price in pesos). On a budget, the request is the budget: its lines as the server copies them (discounts folded
 * into the prices, paymentLinesFromBudget), so the request's total is the budget's. Creating answers the request,
 * shown right away in its detail dialog with the links to send.
 */
import { agree, PAYMENTS_OFF_TEXT, paymentLinesFromBudget, paymentLinesTotal } from "@taller/core";
import { type ReactNode, useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { lazyPart, usePreload } from "../../lib/lazy-part";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { PaymentDialog } from "./payment-detail";
import { PaymentLines } from "./payment-lines";
import { TEST_PAYMENT_TEXT } from "./payment-rows";
import { PageLoader } from "../../ui/spinner";
import "./payments.css";

// The order's form (react-hook-form, zod) loads after the page that offers it has painted.
const CreateForm = lazyPart(() => import("./create-payment-form").then((m) => m.CreateForm));

/** The budget's lines as the request will carry them; the server copies them from the budget itself. */
function BudgetForm({
  budgetId,
  lines,
  onCreated,
}: {
  budgetId: number;
  lines: Parameters<typeof paymentLinesFromBudget>[0];
  onCreated(id: number): void;
}) {
  const create = trpc.payments.create.useMutation({ onSuccess: (created) => onCreated(created.id) });
  const proposed = paymentLinesFromBudget(lines);
  return (
    <div className="payment-create">
      <PaymentLines lines={proposed} total={paymentLinesTotal(proposed)} totalLabel="Total" head />
      {create.error && <p role="alert">{create.error.message}</p>}
      <Button loading={create.isPending} onClick={() => create.mutate({ budget_id: budgetId })}>
        Crear cobro
      </Button>
    </div>
  );
}

/**
 * How this server takes payments, said before anything is created: the test checkout ('Pago de prueba') moves no
 * money, and with no provider at all the form would only be refused.
 */
function CheckoutMode({ children }: { children: ReactNode }) {
  const mode = trpc.payments.checkoutMode.useQuery();
  const terms = useTerms();
  if (mode.isError) return <p role="alert">{mode.error.message}</p>;
  if (!mode.data) return <PageLoader />;
  if (mode.data.mode === null) return <p role="alert">{PAYMENTS_OFF_TEXT}</p>;
  return (
    <>
      {mode.data.mode === "test" && (
        <p className="payment-test-notice" role="note">
          <span className="payment-test-badge">{TEST_PAYMENT_TEXT}</span> Este servidor usa el checkout de prueba: el
          enlace no cobra dinero real y no se envía {agree(terms.client, "al", "a la")} {terms.client.oneLower} por
          WhatsApp.
        </p>
      )}
      {children}
    </>
  );
}

/** The button, its dialog with the form, and the created request's detail. */
function CreatePayment({ form }: { form: (onCreated: (id: number) => void) => ReactNode }) {
  const can = useCan();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<number | null>(null);
  if (!can("create", "payment")) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Crear cobro
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Crear cobro" width={560}>
        {open && (
          <CheckoutMode>
            {form((id) => {
              setOpen(false);
              setCreated(id);
            })}
          </CheckoutMode>
        )}
      </Dialog>
      {created !== null && <PaymentDialog paymentId={created} open onOpenChange={(o) => !o && setCreated(null)} />}
    </>
  );
}

export function CreatePaymentButton({
  orderId,
  correlativeId,
  total,
}: {
  orderId: number;
  correlativeId: number;
  total: number;
}) {
  const terms = useTerms();
  usePreload(useCan()("create", "payment") && CreateForm);
  return (
    <CreatePayment
      form={(onCreated) => (
        <CreateForm
          orderId={orderId}
          title={`${terms.order.one} #${correlativeId}`}
          total={total}
          onCreated={onCreated}
        />
      )}
    />
  );
}

export function BudgetPaymentButton({
  budgetId,
  lines,
}: {
  budgetId: number;
  lines: Parameters<typeof paymentLinesFromBudget>[0];
}) {
  return <CreatePayment form={(onCreated) => <BudgetForm budgetId={budgetId} lines={lines} onCreated={onCreated} />} />;
}
