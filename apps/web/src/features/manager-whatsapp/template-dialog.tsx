/**
 * 'Plantillas de WhatsApp' (seed 002 sections 2.7, 5, 8, 9): a 450 px dialog with 'Encabezado', 'Tipo Respuesta',
 * 'Contenido', the three checkboxes and one required 'Variables de ejemplo' input per placeholder of the content.
 * Under 'Contenido', what each {{n}} of this notification receives when it is sent (NOTIFICATION_VALUES in core).
 * The rules are the server's own schema (templateFormSchema in core): the same messages on the same fields, and
 * 'Guardar plantilla' disabled while the form is invalid — with the reasons beside it (the fields' messages, also of
 * fields not yet visited), so a disabled button always says why; while saving it shows its progress.
 */
import {
  ANSWER_TYPE_LABELS,
  ANSWER_TYPES,
  NOTIFICATION_VALUES,
  templatePlaceholders,
  WHATSAPP_TEMPLATE_DIALOG_PX,
  WHATSAPP_TEXTS,
  type AnswerType,
  type NotificationKind,
} from "@taller/core";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { Checkbox } from "../../ui/checkbox";
import { Dialog } from "../../ui/dialog";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { FormFooter } from "../../ui/form-footer";
import { templateErrors, type TemplateDraft } from "./template-rules";

// Radix Select has no empty value: 'Sin respuesta' ('') travels as "none" inside the select only.
const NONE = "none";
const typeOptions = ANSWER_TYPES.map((t) => ({ value: t === "" ? NONE : t, label: ANSWER_TYPE_LABELS[t] }));

export function TemplateDialog({
  companyId,
  notification,
  initial,
  onClose,
}: {
  companyId: number;
  notification: NotificationKind;
  initial: TemplateDraft;
  onClose(): void;
}) {
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const save = trpc.messaging.saveTemplate.useMutation({
    onSuccess: () => {
      snackbar.show(WHATSAPP_TEXTS.templateSaved, { tone: "success", duration: 3000 });
      void utils.messaging.notifications.invalidate({ company_id: companyId });
      onClose();
    },
    onError: () => snackbar.show(WHATSAPP_TEXTS.templateFailed, { tone: "error", duration: 3000 }),
  });
  const count = templatePlaceholders(draft.text).length;
  const fills = Array.from({ length: count }, (_, i) => draft.fills[i] ?? "");
  const errors = templateErrors(companyId, notification, { ...draft, fills });
  // Each message once: two examples missing say 'Ingrese un valor de ejemplo' once.
  const reasons = [...new Set(Object.values(errors))];
  const shown = (field: string) => (touched.has(field) ? errors[field] : undefined);
  const touch = (field: string) => setTouched((t) => new Set(t).add(field));

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Plantillas de WhatsApp"
      width={WHATSAPP_TEMPLATE_DIALOG_PX}
    >
      <form
        className="whatsapp-template-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (Object.keys(errors).length) return;
          save.mutate({ ...draft, fills, company_id: companyId, notification, answer_type: draft.answer_type ?? "" });
        }}
      >
        <TextField
          label="Encabezado"
          value={draft.name}
          error={shown("name")}
          onBlur={() => touch("name")}
          onChange={(e) => setDraft({ ...draft, name: e.target.value })}
        />
        <Select
          label="Tipo Respuesta"
          value={draft.answer_type === null ? undefined : draft.answer_type === "" ? NONE : draft.answer_type}
          options={typeOptions}
          placeholder="Seleccione"
          error={touched.has("answer_type") || draft.answer_type !== null ? errors.answer_type : undefined}
          onValueChange={(v) => {
            touch("answer_type");
            setDraft({ ...draft, answer_type: v === NONE ? "" : (v as AnswerType) });
          }}
        />
        <div className={`field${shown("text") ? " field-invalid" : ""}`}>
          <label htmlFor="whatsapp-template-text">Contenido</label>
          <textarea
            id="whatsapp-template-text"
            rows={4}
            value={draft.text}
            aria-invalid={shown("text") ? true : undefined}
            onBlur={() => touch("text")}
            onChange={(e) => setDraft({ ...draft, text: e.target.value })}
          />
          {shown("text") && <span className="field-error">{shown("text")}</span>}
          <span className="field-hint">
            Use {"{{1}}"}, {"{{2}}"}… para las variables.
          </span>
          <span className="field-hint">
            Al enviarse: {NOTIFICATION_VALUES[notification].map((v, i) => `{{${i + 1}}} ${v}`).join(", ")}.
          </span>
        </div>
        <Checkbox
          label="Mostrar orden"
          checked={draft.show_order}
          onCheckedChange={(v) => setDraft({ ...draft, show_order: v })}
        />
        <Checkbox
          label="Mostrar presupuesto"
          checked={draft.show_budget}
          onCheckedChange={(v) => setDraft({ ...draft, show_budget: v })}
        />
        <Checkbox
          label="WhatsApp activo"
          checked={draft.whatsapp_active}
          onCheckedChange={(v) => setDraft({ ...draft, whatsapp_active: v })}
        />
        {count > 0 && (
          <fieldset className="field-group">
            <legend>Variables de ejemplo</legend>
            {fills.map((value, i) => (
              <TextField
                key={i}
                label={`{{${i + 1}}}`}
                required
                value={value}
                error={shown(`fills.${i}`)}
                onBlur={() => touch(`fills.${i}`)}
                onChange={(e) => setDraft({ ...draft, fills: fills.map((old, j) => (j === i ? e.target.value : old)) })}
              />
            ))}
          </fieldset>
        )}
        <FormFooter
          saving={save.isPending}
          onCancel={onClose}
          submitLabel="Guardar plantilla"
          disabledReason={reasons.length ? `Para guardar: ${reasons.join(". ")}.` : null}
        />
      </form>
    </Dialog>
  );
}
