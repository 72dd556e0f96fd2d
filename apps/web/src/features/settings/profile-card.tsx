import { formatRut } from "@taller/core";
import { Camera } from "lucide-react";
import { useState } from "react";
import { markServerErrors } from "../../lib/form-errors";
import { lazyPart } from "../../lib/lazy-part";
import { textField, useLazyZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { FormFooter } from "../../ui/form-footer";
import { Card } from "../../ui/card";
import { initials } from "../../ui/initials";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { useOpenedOnce } from "../../ui/dialog";
import { type Profile, useMergeProfile } from "./profile-cache";
import { useTerms } from "../../lib/company-setup";

// The cropper (react-easy-crop) loads when the picture dialog first opens, not with the settings page; a load that
// fails says so in the card with 'Reintentar' instead of leaving the button without an answer.
const PictureDialog = lazyPart(() => import("./picture-dialog").then((m) => m.PictureDialog), "el editor de la foto");

const loadSchemas = () => import("./profile-schema");
const loadSchema = () => loadSchemas().then((m) => m.profileFormSchema);

const valuesOf = (profile: Pick<Profile, "name" | "mail" | "phone" | "rut">) => ({
  name: profile.name,
  mail: profile.mail,
  phone: profile.phone ?? "",
  rut: profile.rut ?? "",
  workpoint_code: "",
  password: "",
});

/** General information: avatar (opens the picture dialog), Nombre, Correo, Teléfono, Rut, Código punto de trabajo. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const terms = useTerms();
  const form = useLazyZodForm(loadSchema, valuesOf(profile));
  const [pictureOpen, setPictureOpen] = useState(false);
  const pictureOpened = useOpenedOnce(pictureOpen);
  const update = trpc.account.update.useMutation();
  const changeEmail = trpc.account.changeEmail.useMutation();
  const utils = trpc.useUtils();
  const mergeProfile = useMergeProfile();
  const snackbar = useSnackbar();

  const rut = textField(form, "rut");
  const mailChanged = form.watch("mail").trim().toLowerCase() !== profile.mail;
  const save = form.handleSubmit(async ({ mail, password, ...values }) => {
    const mailChange = mail !== profile.mail ? { mail, password } : null;
    const passwordIssue = mailChange && (await loadSchemas()).currentPasswordIssue(password);
    if (passwordIssue) return form.setError("password", { message: passwordIssue });
    try {
      let saved = await update.mutateAsync(values);
      // The server does not say whether the address was free (that would tell whose it is): the profile shows it.
      const notice = mailChange ? (await changeEmail.mutateAsync(mailChange)).message : "¡Cambios guardados!";
      if (mailChange) saved = await utils.auth.me.fetch(undefined, { staleTime: 0 });
      mergeProfile(saved);
      form.reset(valuesOf(saved));
      snackbar.show(notice, { duration: mailChange ? 4000 : 1000, tone: "success" });
    } catch (error) {
      // Spec: settings failures that mark no field are only logged.
      if (Object.keys(markServerErrors(form, error)).length === 0) console.error("account.update failed", error);
    }
  });

  return (
    <Card title="Información general">
      <form className="profile-form" onSubmit={save} noValidate>
        {/* The picture dialog's loading and a failed load show under the picture that opened it, in view. */}
        <div className="profile-picture">
          <button
            type="button"
            className="profile-avatar"
            onClick={() => setPictureOpen(true)}
            aria-label="Cambiar imagen de perfil"
          >
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
          {pictureOpened && <PictureDialog open={pictureOpen} onClose={() => setPictureOpen(false)} />}
        </div>
        <div className="profile-fields">
          <TextField label="Nombre" autoComplete="name" {...textField(form, "name")} />
          <TextField label="Correo" type="email" autoComplete="email" {...textField(form, "mail")} />
          {mailChanged && (
            <TextField
              label="Contraseña actual"
              type="password"
              autoComplete="current-password"
              hint="Para cambiar tu correo, con el que inicias sesión."
              {...textField(form, "password")}
            />
          )}
          <TextField
            label="Teléfono"
            type="tel"
            autoComplete="tel"
            hint={`Tus ${terms.client.manyLower} podrán llamarte a este número.`}
            {...textField(form, "phone")}
          />
          <TextField
            label="Rut"
            placeholder="12.345.678-5"
            {...rut}
            onBlur={(e) => {
              if (e.target.value.trim()) form.setValue("rut", formatRut(e.target.value));
              return rut.onBlur(e);
            }}
          />
          <TextField
            label="Código punto de trabajo"
            type="password"
            autoComplete="new-password"
            minLength={4}
            placeholder={profile.has_workpoint_code ? "••••  (sin cambios)" : undefined}
            hint="Con este código ingresas al punto de trabajo. No uses tu contraseña."
            {...textField(form, "workpoint_code")}
          />
          <FormFooter saving={update.isPending || changeEmail.isPending} className="card-actions" />
        </div>
      </form>
    </Card>
  );
}
