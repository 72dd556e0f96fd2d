/**
 * 'Descargar imágenes' for a budget (its detail screen): asks for a fresh zip link (orders.budgetZipLink, a zip_token
 * valid for a day) and opens the zip page with it in a new tab.
 *
 *   <BudgetZipButton budgetId={budget.id} />
 */
import { Download } from "lucide-react";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";

export function BudgetZipButton({ budgetId }: { budgetId: number }) {
  const link = trpc.orders.budgetZipLink.useMutation();
  const open = () => {
    // Opened before the answer arrives, so the browser treats it as the click's own window (no popup blocker).
    const tab = window.open("about:blank", "_blank");
    link.mutate(
      { budget_id: budgetId },
      {
        onSuccess: ({ url }) => {
          if (tab) tab.location.href = url;
          else window.location.assign(url);
        },
        onError: () => tab?.close(),
      },
    );
  };
  return (
    <>
      <Button variant="secondary" onClick={open} loading={link.isPending}>
        <Download size={18} aria-hidden />
        Descargar imágenes
      </Button>
      {link.error && <p role="alert">{link.error.message}</p>}
    </>
  );
}
