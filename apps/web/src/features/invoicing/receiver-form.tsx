// A draft's receiver form (invoice-page.tsx loads it once the document has painted).
import type { RouterOutputs } from "@taller/api";
import { agree, BOLETA, DRAFT_DTE_TYPES, dteTypeName, invoiceReceiverSchema, NOTA_CREDITO } from "@taller/core";
import { z } from "zod";
import { useTerms } from "../../lib/company-setup";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { FormFooter } from "../../ui/form-footer";
import { Select } from "../../ui/select";
import { useOutcome } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

type Invoice = RouterOutputs["invoicing"]["get"];

// A credit note's type is fixed (61): its form has no type.
const receiverForm = invoiceReceiverSchema.extend({ dte_type: z.enum(["33", "34", "39"]).optional() });

export function ReceiverForm({ invoice }: { invoice: Invoice }) {
  const terms = useTerms();
  const utils = trpc.useUtils();
  const outcome = useOutcome();
  const update = trpc.invoicing.updateDraft.useMutation();
  const form = useZodForm(receiverForm, {
    dte_type: invoice.dte_type === NOTA_CREDITO ? undefined : (String(invoice.dte_type) as "33"),
    receiver_rut: invoice.receiver_rut ?? "",
    receiver_name: invoice.receiver_name ?? "",
    receiver_activity: invoice.receiver_activity ?? "",
    receiver_address: invoice.receiver_address ?? "",
    receiver_email: invoice.receiver_email ?? "",
  });
  const type = form.watch("dte_type");
  const submit = form.handleSubmit(async ({ dte_type, ...values }) => {
    try {
      const updated = await update.mutateAsync({
        id: invoice.id,
        dte_type: dte_type === undefined ? undefined : (Number(dte_type) as 33 | 34 | 39),
        ...values,
        receiver_rut: values.receiver_rut || null,
        receiver_email: values.receiver_email || null,
      });
      utils.invoicing.get.setData({ id: invoice.id }, updated);
      outcome.done("Documento guardado");
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="invoice-form">
      {type !== undefined && (
        <Select
          label="Tipo de documento"
          value={type}
          options={DRAFT_DTE_TYPES.map((t) => ({ value: String(t) as "33", label: dteTypeName(t) }))}
          onValueChange={(v) => form.setValue("dte_type", v)}
        />
      )}
      <TextField label="RUT" {...textField(form, "receiver_rut")} />
      <TextField label="Razón social" {...textField(form, "receiver_name")} />
      <TextField label="Giro" {...textField(form, "receiver_activity")} />
      <TextField label="Dirección" {...textField(form, "receiver_address")} />
      <TextField label="Correo" type="email" {...textField(form, "receiver_email")} />
      {Number(type) === BOLETA && (
        <p className="muted">
          Una boleta no necesita datos {agree(terms.client, "del", "de la")} {terms.client.oneLower}.
        </p>
      )}
      <FormFooter saving={update.isPending} error={form.formState.errors.root?.server?.message} />
    </form>
  );
}
