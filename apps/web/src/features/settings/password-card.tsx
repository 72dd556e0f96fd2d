import { changePasswordSchema } from "@taller/core";
import { markServerErrors } from "../../lib/form-errors";
import { textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { FormFooter } from "../../ui/form-footer";
import { Card } from "../../ui/card";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

const EMPTY = { old_password: "", password: "", password_confirmation: "" };

/** Changing the password ends every other session of the user; this one continues under a new token. */
export function PasswordCard() {
  const form = useZodForm(changePasswordSchema, EMPTY);
  const change = trpc.account.changePassword.useMutation();
  const snackbar = useSnackbar();

  const submit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      snackbar.show("¡Contraseña cambiada!", { duration: 1000, tone: "success" });
    } catch (error) {
      // Spec: settings failures that mark no field are only logged.
      if (Object.keys(markServerErrors(form, error)).length === 0)
        console.error("account.changePassword failed", error);
    }
  });

  return (
    <Card title="Cambiar contraseña (Cerrará todas las sesiones activas)">
      <form onSubmit={submit} noValidate>
        <TextField
          label="Contraseña actual"
          type="password"
          autoComplete="current-password"
          {...textField(form, "old_password")}
        />
        <TextField
          label="Nueva contraseña"
          type="password"
          autoComplete="new-password"
          {...textField(form, "password")}
        />
        <TextField
          label="Repetir contraseña"
          type="password"
          autoComplete="new-password"
          {...textField(form, "password_confirmation")}
        />
        <FormFooter saving={change.isPending} submitLabel="Cambiar contraseña" className="card-actions" />
      </form>
    </Card>
  );
}
