/**
 * /admin: the company's users (read manager). An administrator invites a user (name, e-mail, role) and hands over
 * the one-time link shown once; changes a user's name and role; deactivates one (their sessions end at once) or
 * reactivates them; issues a new link (a lost invitation or a forgotten password) and clears a work-point code.
 * The list refetches when any user of the company changes (`user.updated` on the company's stream), so two
 * administrators see each other's changes without reloading.
 */
import { inviteUserSchema } from "@taller/core";
import { Copy, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import type { RouterOutputs } from "@taller/api";
import { useRefreshOn } from "../../lib/company-events";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { useSetupChanged } from "../../lib/setup-events";
import { ApiProvider, trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Dialog } from "../../ui/dialog";
import { AdminFrame } from "./admin-frame";
import { AdminList } from "./admin-list";
import { RoleField, type Role } from "./role-field";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { FormFooter } from "../../ui/form-footer";

type AdminUser = RouterOutputs["admin"]["users"]["list"][number];

export function AdminUsersPage() {
  return (
    <ApiProvider>
      <UsersAdmin />
    </ApiProvider>
  );
}

function UsersAdmin() {
  const users = trpc.admin.users.list.useQuery();
  const roles = trpc.admin.roles.list.useQuery();
  const utils = trpc.useUtils();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);

  useRefreshOn(["user.updated"], () => utils.admin.users.list.invalidate());
  // A role created, renamed or deleted: the role picker and the users' role names follow.
  useSetupChanged((what) => {
    if (what !== "roles") return;
    void utils.admin.roles.list.invalidate();
    void utils.admin.users.list.invalidate();
  });

  const showLink = (name: string, path: string) => setLink({ name, url: `${window.location.origin}${path}` });

  return (
    <AdminFrame title="Administración" icon={<Users size={22} aria-hidden />}>
      <Card title="Usuarios">
        <div className="card-actions">
          <Button icon={<UserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invitar usuario
          </Button>
        </div>
        {link && <InvitationLink {...link} />}
        <AdminList query={users} what="los usuarios" headers={["Nombre", "Rol", "Estado"]}>
          {(rows) => <UserRows users={rows} onEdit={setEditing} />}
        </AdminList>
      </Card>
      {inviting && (
        <InviteDialog
          roles={roles.data ?? []}
          onClose={() => setInviting(false)}
          onInvited={(name, path) => {
            setInviting(false);
            showLink(name, path);
          }}
        />
      )}
      {editing && (
        <EditDialog user={editing} roles={roles.data ?? []} onClose={() => setEditing(null)} onLink={showLink} />
      )}
    </AdminFrame>
  );
}

function UserRows({ users, onEdit }: { users: readonly AdminUser[]; onEdit: (u: AdminUser) => void }) {
  return (
    <>
      {users.map((u) => (
        <tr key={u.id} className={u.active ? undefined : "admin-inactive"}>
          <td>
            {u.name}
            <br />
            <small>{u.email}</small>
          </td>
          <td>{u.role_name ?? "Sin rol"}</td>
          <td>{!u.active ? "Desactivado" : u.invitation_pending ? "Invitado" : "Activo"}</td>
          <td>
            <Button variant="text" onClick={() => onEdit(u)} aria-label={`Editar ${u.name}`}>
              Editar
            </Button>
          </td>
        </tr>
      ))}
    </>
  );
}

function InvitationLink({ name, url }: { name: string; url: string }) {
  const snackbar = useSnackbar();
  async function copy() {
    const copied = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    snackbar.show(copied ? "Enlace copiado" : "No se pudo copiar: selecciona el enlace", {
      tone: copied ? "success" : "error",
      duration: 2000,
    });
  }
  return (
    <div role="status" className="admin-link">
      <p>Enlace para que {name} elija su contraseña. Se usa una sola vez y no se volverá a mostrar.</p>
      <a href={url} data-testid="invitation-link">
        {url}
      </a>
      <Button variant="text" icon={<Copy size={16} aria-hidden />} onClick={() => void copy()}>
        Copiar enlace
      </Button>
    </div>
  );
}

function InviteDialog({
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
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Invitar usuario">
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
    </Dialog>
  );
}

const editSchema = inviteUserSchema.pick({ name: true, role_id: true });

function EditDialog({
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
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Editar ${user.name}`}>
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
              <Button
                variant="danger"
                loading={deactivate.isPending}
                onClick={() => deactivate.mutate({ id: user.id })}
              >
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
    </Dialog>
  );
}
