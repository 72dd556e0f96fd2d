/**
 * 'Facturar' on a finished order's page (create invoice): the type (factura, factura exenta, boleta), then a draft
 * made from the order (its latest budget's lines, else its total), opened on its page to complete and issue.
 */
import { DRAFT_DTE_TYPES, dteTypeName, FACTURA } from "@taller/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";

export function BillOrderButton({ orderId, finished }: { orderId: number; finished: boolean }) {
  const can = useCan();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState(String(FACTURA));
  const create = trpc.invoicing.createDraft.useMutation({
    onSuccess: (draft) => {
      setOpen(false);
      void navigate({ to: "/main/invoices/$id", params: { id: String(draft.id) } });
    },
  });
  if (!can("create", "invoice")) return null;
  return (
    <>
      <Button
        variant="secondary"
        disabledReason={finished ? null : "Se factura cuando está terminada"}
        onClick={() => setOpen(true)}
      >
        Facturar
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Facturar">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ order_id: orderId, dte_type: Number(type) as 33 | 34 | 39 });
          }}
        >
          <Select
            label="Tipo de documento"
            value={type}
            options={DRAFT_DTE_TYPES.map((t) => ({ value: String(t), label: dteTypeName(t) }))}
            onValueChange={setType}
          />
          <FormFooter
            saving={create.isPending}
            error={create.error?.message}
            onCancel={() => setOpen(false)}
            submitLabel="Crear borrador"
          />
        </form>
      </Dialog>
    </>
  );
}
