import { changePasswordSchema } from "@taller/core";
import { type FormEvent, useState } from "react";
import { issueMessages, serverFieldMessages } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";

const EMPTY = { old_password: "", password: "", password_confirmation: "" };

/** Changing the password ends every other session of the user; this one continues under a new token. */
export function PasswordCard() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = trpc.account.changePassword.useMutation();
  const snackbar = useSnackbar();

  const field = (name: keyof typeof EMPTY) => ({
    name,
    type: "password",
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const check = changePasswordSchema.safeParse(values);
    if (!check.success) return setErrors(issueMessages(check.error.issues));
    try {
      await change.mutateAsync(values);
      setValues(EMPTY);
      setErrors({});
      snackbar.show("¡Contraseña cambiada!", { duration: 1000, tone: "success" });
    } catch (error) {
      const marked = serverFieldMessages(error);
      setErrors(marked);
      if (Object.keys(marked).length === 0) console.error("account.changePassword failed", error);
    }
  }

  return (
    <Card title="Cambiar contraseña (Cerrará todas las sesiones activas)">
      <form onSubmit={submit} noValidate>
        <TextField label="Contraseña actual" autoComplete="current-password" {...field("old_password")} />
        <TextField label="Nueva contraseña" autoComplete="new-password" {...field("password")} />
        <TextField label="Repetir contraseña" autoComplete="new-password" {...field("password_confirmation")} />
        <div className="card-actions">
          <Button type="submit" loading={change.isPending}>
            Cambiar contraseña
          </Button>
        </div>
      </form>
    </Card>
  );
}
