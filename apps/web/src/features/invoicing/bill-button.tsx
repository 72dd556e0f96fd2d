/**
 * 'Facturar' (create invoice) on what can be billed: a finished order's page, a budget's page, a paid payment
 * request's detail. It asks the type (factura, factura exenta, boleta), then makes the draft from that source (an
 * order: its latest budget's lines, else its total; a budget: its lines; a request: its lines) and opens it on its
 * page to complete and issue. The server refuses a source billed already ('Este documento ya fue facturado').
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

export type BillSource = { order_id: number } | { budget_id: number } | { payment_request_ids: number[] };

export function BillButton({ source, disabledReason }: { source: BillSource; disabledReason?: string | null }) {
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
      <Button variant="secondary" disabledReason={disabledReason} onClick={() => setOpen(true)}>
        Facturar
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Facturar">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({ ...source, dte_type: Number(type) as 33 | 34 | 39 });
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
