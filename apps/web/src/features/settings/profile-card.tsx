import { emailChangeSchema, formatRut, profileUpdateSchema } from "@taller/core";
import { Camera } from "lucide-react";
import { type FormEvent, useState } from "react";
import { issueMessages, serverFieldMessages } from "../../lib/form-errors";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { initials } from "../../ui/initials";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { PictureDialog } from "./picture-dialog";
import { type Profile, useMergeProfile } from "./profile-cache";

interface FormValues {
  name: string;
  mail: string;
  phone: string;
  rut: string;
  workpoint_code: string;
  /** The current password, asked only to change the e-mail (the login). */
  password: string;
}

const valuesOf = (profile: Pick<Profile, "name" | "mail" | "phone" | "rut">): FormValues => ({
  name: profile.name,
  mail: profile.mail,
  phone: profile.phone ?? "",
  rut: profile.rut ?? "",
  workpoint_code: "",
  password: "",
});

/** General information: avatar (opens the picture dialog), Nombre, Correo, Teléfono, Rut, Código punto de trabajo. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pictureOpen, setPictureOpen] = useState(false);
  const update = trpc.account.update.useMutation();
  const changeEmail = trpc.account.changeEmail.useMutation();
  const utils = trpc.useUtils();
  const mergeProfile = useMergeProfile();
  const snackbar = useSnackbar();

  const mailChanged = values.mail.trim().toLowerCase() !== profile.mail;

  const field = (name: keyof FormValues) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  async function save(e: FormEvent) {
    e.preventDefault();
    // The code is secret and never shown: it is sent only when typed. The browser checks with the server's rules.
    const { workpoint_code, mail, password, ...rest } = values;
    const input = { ...rest, ...(workpoint_code ? { workpoint_code } : {}) };
    const mailChange = mailChanged ? { mail, password } : null;
    const issues = [
      ...(profileUpdateSchema.safeParse(input).error?.issues ?? []),
      ...((mailChange && emailChangeSchema.safeParse(mailChange).error?.issues) || []),
    ];
    if (issues.length > 0) return setErrors(issueMessages(issues));
    try {
      let saved = await update.mutateAsync(input);
      // The server does not say whether the address was free (that would tell whose it is): the profile shows it.
      const notice = mailChange ? (await changeEmail.mutateAsync(mailChange)).message : "¡Cambios guardados!";
      if (mailChange) saved = await utils.auth.me.fetch(undefined, { staleTime: 0 });
      mergeProfile(saved);
      setValues(valuesOf(saved));
      snackbar.show(notice, { duration: mailChange ? 4000 : 1000, tone: "success" });
    } catch (error) {
      const marked = serverFieldMessages(error);
      setErrors(marked);
      // Spec: other settings failures are only logged.
      if (Object.keys(marked).length === 0) console.error("account.update failed", error);
    }
  }

  return (
    <Card title="Información general">
      <form className="profile-form" onSubmit={save} noValidate>
        <button type="button" className="profile-avatar" onClick={() => setPictureOpen(true)} aria-label="Cambiar imagen de perfil">
          {profile.picture ? (
            <img src={profile.picture} alt="" />
          ) : (
            <span className="profile-avatar-initials" aria-hidden>
              {initials(profile.name)}
            </span>
          )}
          <span className="profile-avatar-badge" aria-hidden>
            <Camera size={16} />
          </span>
        </button>
        <div className="profile-fields">
          <TextField label="Nombre" name="name" autoComplete="name" {...field("name")} />
          <TextField label="Correo" name="mail" type="email" autoComplete="email" {...field("mail")} />
          {mailChanged && (
            <TextField
              label="Contraseña actual"
              name="password"
              type="password"
              autoComplete="current-password"
              hint="Para cambiar tu correo, con el que inicias sesión."
              {...field("password")}
            />
          )}
          <TextField
            label="Teléfono"
            name="phone"
            type="tel"
            autoComplete="tel"
            hint="Tus clientes podrán llamarte a este número."
            {...field("phone")}
          />
          <TextField
            label="Rut"
            name="rut"
            placeholder="12.345.678-5"
            {...field("rut")}
            onBlur={() => values.rut.trim() && setValues((v) => ({ ...v, rut: formatRut(v.rut) }))}
          />
          <TextField
            label="Código punto de trabajo"
            name="workpoint_code"
            type="password"
            autoComplete="new-password"
            minLength={4}
            placeholder={profile.has_workpoint_code ? "••••  (sin cambios)" : undefined}
            hint="Con este código ingresas al punto de trabajo. No uses tu contraseña."
            {...field("workpoint_code")}
          />
          <div className="card-actions">
            <Button type="submit" loading={update.isPending || changeEmail.isPending}>
              Guardar
            </Button>
          </div>
        </div>
      </form>
      <PictureDialog open={pictureOpen} onClose={() => setPictureOpen(false)} />
    </Card>
  );
}
