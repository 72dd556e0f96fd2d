/**
 * A client's create dialog ('Nuevo' on the clients list, crm.createClient) and the merge dialog ('Unir registros' on
 * the client page, crm.mergeClients): another record of the same person, found by name or RUT, goes into this one
 * with its vehicles, orders, bookings, managements, chats and payment requests, and is deleted.
 */
import { agree, CLIENT_TEXTS, clientDataSchema, titleCase } from "@taller/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { markServerErrors } from "../../lib/form-errors";
import { QueryFailed } from "../../lib/load-state";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { FormFooter } from "../../ui/form-footer";

export function ClientCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const terms = useTerms();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const create = trpc.crm.createClient.useMutation();
  const form = useZodForm(clientDataSchema, { name: "", rut: "", email: "", phone: "", address: "", city: "" });
  const submit = form.handleSubmit(async (values) => {
    try {
      const client = await create.mutateAsync(values);
      void utils.crm.clients.invalidate();
      snackbar.show(`${terms.client.one} creado`, { tone: "success", duration: 3000 });
      onOpenChange(false);
      void navigate({ to: "/main/crm/$", params: { _splat: `clients/${client.id}` } });
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${agree(terms.client, "Nuevo", "Nueva")} ${terms.client.oneLower}`}
      width={640}
    >
      <form onSubmit={submit} noValidate className="crm-client-form">
        <TextField label="Nombre" autoComplete="off" {...textField(form, "name")} />
        <TextField label="RUT" hint="12.345.678-5" autoComplete="off" {...textField(form, "rut")} />
        <TextField label="Correo" type="email" {...textField(form, "email")} />
        <TextField label="Teléfono" type="tel" hint="+56 9 1234 5678" {...textField(form, "phone")} />
        <TextField label="Dirección" {...textField(form, "address")} />
        <TextField label="Ciudad" {...textField(form, "city")} />
        <FormFooter
          error={form.formState.errors.root?.server?.message}
          saving={form.formState.isSubmitting}
          onCancel={() => onOpenChange(false)}
          submitLabel="Crear"
        />
      </form>
    </Dialog>
  );
}

export function ClientMergeDialog({
  client,
  open,
  onOpenChange,
}: {
  client: { id: number; name: string };
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const terms = useTerms();
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const [search, setSearch] = useState("");
  const [chosen, setChosen] = useState<{ id: number; name: string } | null>(null);
  const merge = trpc.crm.mergeClients.useMutation();
  const term = search.trim();
  const found = trpc.crm.clients.useQuery({ search: term || null, page_size: 10 }, { enabled: term.length >= 2 });
  const candidates = (found.data?.items ?? []).filter((c) => c.id !== client.id);

  async function confirm(from: { id: number; name: string }) {
    try {
      await merge.mutateAsync({ into: client.id, from: from.id });
      void utils.crm.invalidate();
      void utils.vehicles.invalidate();
      snackbar.show(CLIENT_TEXTS.merged, { tone: "success", duration: 3000 });
      onOpenChange(false);
    } catch {
      // The mutation's error is shown in the dialog.
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Unir registros"
      width={560}
      actions={
        chosen ? (
          <>
            <Button variant="text" onClick={() => setChosen(null)}>
              Volver
            </Button>
            <Button variant="danger" loading={merge.isPending} onClick={() => void confirm(chosen)}>
              Unir
            </Button>
          </>
        ) : (
          <Button variant="text" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
        )
      }
    >
      {chosen ? (
        <>
          <p>
            {`'${titleCase(chosen.name)}' se unirá a '${titleCase(client.name)}': sus ${terms.object.manyLower}, `}
            {`${terms.order.manyLower}, reservas, gestiones, chats, cobros y facturas pasan a ${agree(terms.client, "este", "esta")} ${terms.client.oneLower}, `}
            y el otro registro se elimina.
          </p>
          {merge.error && (
            <p className="field-error" role="alert">
              {merge.error.message}
            </p>
          )}
        </>
      ) : (
        <>
          <TextField
            label={`Buscar ${agree(terms.client, "el otro", "la otra")} ${terms.client.oneLower}`}
            hint="Nombre o RUT, desde 2 letras"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
          {found.isError && (
            <QueryFailed query={found} what={`${agree(terms.client, "los", "las")} ${terms.client.manyLower}`} inline />
          )}
          {found.isFetching && <p className="muted">Buscando…</p>}
          {found.isSuccess && candidates.length === 0 && <p className="muted">Sin resultados</p>}
          <ul className="record-rows crm-merge-candidates">
            {candidates.map((c) => (
              <li key={c.id}>
                <Button variant="text" onClick={() => setChosen(c)}>
                  {titleCase(c.name)}
                </Button>{" "}
                <span className="muted">{[c.rut, c.phone].filter(Boolean).join(" · ")}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Dialog>
  );
}
