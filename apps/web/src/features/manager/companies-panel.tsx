/**
 * Companies (seed 002 sections 3.6 and 7.4): the list, a form to create one (name and domain) and delete. Deleting
 * removes everything the company owns, so it asks first.
 */
import { type ManagerCompanyInput, managerCompanySchema } from "@taller/core";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Dialog } from "../../ui/dialog";
import { IconButton } from "../../ui/icon-button";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

export function CompaniesPanel() {
  const utils = trpc.useUtils();
  const companies = trpc.manager.companies.list.useQuery();
  const create = trpc.manager.companies.create.useMutation({
    onSuccess: () => utils.manager.companies.list.invalidate(),
  });
  const remove = trpc.manager.companies.remove.useMutation({
    onSuccess: () => utils.manager.companies.list.invalidate(),
  });
  const snackbar = useSnackbar();
  const form = useZodForm(managerCompanySchema, { name: "", domain: "" } satisfies ManagerCompanyInput);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      form.reset();
      snackbar.show("Compañía creada", { tone: "success" });
    } catch (error) {
      markServerErrors(form, error);
    }
  });

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
      snackbar.show("Compañía eliminada", { tone: "success" });
    } catch (error) {
      snackbar.show(error instanceof Error ? error.message : "No se pudo eliminar la compañía", { tone: "error" });
    }
    setDeleting(null);
  }

  return (
    <section className="manager-card" aria-labelledby="companies-title">
      <h2 id="companies-title">Compañías</h2>
      <form className="manager-inline-form" onSubmit={submit} noValidate aria-label="Nueva compañía">
        <TextField label="Nombre" {...textField(form, "name")} />
        <TextField label="Dominio" {...textField(form, "domain")} placeholder="taller.cl" />
        <Button type="submit" loading={create.isPending}>
          Crear compañía
        </Button>
      </form>
      {form.formState.errors.root?.server && (
        <p className="manager-error" role="alert">
          {form.formState.errors.root.server.message}
        </p>
      )}
      <ul className="manager-list" aria-label="Compañías">
        {companies.data?.map((c) => (
          <li key={c.id}>
            <span>
              <strong>{c.name}</strong> <span className="manager-muted">{c.domain}</span>
            </span>
            <IconButton label={`Eliminar ${c.name}`} onClick={() => setDeleting(c)}>
              <Trash2 size={18} />
            </IconButton>
          </li>
        ))}
        {companies.data?.length === 0 && <li className="manager-muted">No hay compañías.</li>}
        {companies.isError && (
          <li>
            <QueryFailed query={companies} what="las compañías" inline />
          </li>
        )}
      </ul>
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar compañía"
        actions={
          <>
            <Button variant="text" onClick={() => setDeleting(null)}>
              Cancelar
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => void confirmDelete()}>
              Eliminar
            </Button>
          </>
        }
      >
        <p>
          Se eliminará <strong>{deleting?.name}</strong> con todos sus datos (clientes, órdenes, usuarios). Esta acción
          no se puede deshacer.
        </p>
      </Dialog>
    </section>
  );
}
