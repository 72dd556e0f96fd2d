/** The client's data as a form (update on client), the part of a client's view that brings the forms' code. */
import type { RouterOutputs } from "@taller/api";
import { clientUpdateSchema } from "@taller/core";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { FormFooter } from "../../ui/form-footer";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

type ClientDetail = RouterOutputs["crm"]["clientDetail"];

export function ClientForm({ client, canEdit }: { client: ClientDetail["client"]; canEdit: boolean }) {
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const update = trpc.crm.updateClient.useMutation();
  const form = useZodForm(clientUpdateSchema, {
    id: client.id,
    name: client.name,
    rut: client.rut ?? "",
    email: client.email ?? "",
    phone: client.phone ?? "",
    address: client.address ?? "",
    city: client.city ?? "",
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      await utils.crm.clientDetail.invalidate({ id: client.id });
      void utils.crm.clients.invalidate();
      snackbar.show("Datos guardados", { tone: "success", duration: 3000 });
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  const field = (name: "name" | "rut" | "email" | "phone" | "address" | "city") => ({
    ...textField(form, name),
    readOnly: !canEdit,
  });
  return (
    <form onSubmit={submit} noValidate className="crm-client-form">
      <TextField label="Nombre" {...field("name")} />
      <TextField label="RUT" {...field("rut")} />
      <TextField label="Correo" type="email" {...field("email")} />
      <TextField label="Teléfono" type="tel" {...field("phone")} />
      <TextField label="Dirección" {...field("address")} />
      <TextField label="Ciudad" {...field("city")} />
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={update.isPending}
        readOnly={!canEdit}
        className="card-actions"
      />
    </form>
  );
}
