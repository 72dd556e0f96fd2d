// The users page's invite and edit forms (users-page.tsx loads them when their dialog opens).
import { inviteUserSchema } from "@taller/core";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { FormFooter } from "../../ui/form-footer";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { RoleField, type Role } from "./role-field";
import type { AdminUser } from "./users-page";

export function InviteForm({
  roles,
  onClose,
  onInvited,
}: {
  roles: readonly Role[];
  onClose: () => void;
  onInvited: (name: string, path: string) => void;
}) {
  const form = useZodForm(inviteUserSchema, { name: "", email: "", role_id: null });
  const invite = trpc.admin.users.invite.useMutation();
  const utils = trpc.useUtils();
  const submit = form.handleSubmit(async (values) => {
    try {
      const done = await invite.mutateAsync(values);
      await utils.admin.users.list.invalidate();
      onInvited(values.name, done.path);
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="admin-form">
      <TextField label="Nombre" {...textField(form, "name")} />
      <TextField label="Correo" type="email" autoComplete="off" {...textField(form, "email")} />
      <RoleField control={form.control} roles={roles} />
      <FormFooter
        error={form.formState.errors.root?.server?.message}
        saving={invite.isPending}
        submitLabel="Invitar"
        onCancel={onClose}
      />
    </form>
  );
}

const editSchema = inviteUserSchema.pick({ name: true, role_id: true });

export function EditForm({
  user,
  roles,
  onClose,
  onLink,
}: {
  user: AdminUser;
  roles: readonly Role[];
  onClose: () => void;
  onLink: (name: string, path: string) => void;
}) {
  const form = useZodForm(editSchema, { name: user.name, role_id: user.role_id });
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const done = async (message: string) => {
    await utils.admin.users.list.invalidate();
    snackbar.show(message, { tone: "success", duration: 2000 });
    onClose();
  };
  const fail = (error: { message: string }) => snackbar.show(error.message, { tone: "error" });
  const update = trpc.admin.users.update.useMutation();
  const deactivate = trpc.admin.users.deactivate.useMutation({
    onSuccess: () => done("Usuario desactivado"),
    onError: fail,
  });
  const reactivate = trpc.admin.users.reactivate.useMutation({
    onSuccess: () => done("Usuario reactivado"),
    onError: fail,
  });
  const resetCode = trpc.admin.users.resetWorkpointCode.useMutation({
    onSuccess: () => done("Código de punto de trabajo borrado"),
    onError: fail,
  });
  const newLink = trpc.admin.users.invitationLink.useMutation({
    onSuccess: (answer) => {
      onLink(user.name, answer.path);
      onClose();
    },
    onError: fail,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, ...values });
      await done("Usuario actualizado");
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="admin-form">
      <TextField label="Nombre" {...textField(form, "name")} />
      <RoleField control={form.control} roles={roles} />
      <div className="admin-actions">
        {user.active ? (
          <>
            <Button variant="text" loading={newLink.isPending} onClick={() => newLink.mutate({ id: user.id })}>
              Nuevo enlace de contraseña
            </Button>
            {user.has_workpoint_code && (
              <Button variant="text" loading={resetCode.isPending} onClick={() => resetCode.mutate({ id: user.id })}>
                Borrar código de punto de trabajo
              </Button>
            )}
            <Button variant="danger" loading={deactivate.isPending} onClick={() => deactivate.mutate({ id: user.id })}>
              Desactivar
            </Button>
          </>
        ) : (
          <Button variant="text" loading={reactivate.isPending} onClick={() => reactivate.mutate({ id: user.id })}>
            Reactivar
          </Button>
        )}
      </div>
      <FormFooter error={form.formState.errors.root?.server?.message} saving={update.isPending} onCancel={onClose} />
    </form>
  );
}
