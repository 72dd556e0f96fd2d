/**
 * The invoicing settings ('Configuración', update invoice): the provider's API address and key and the issuer's
 * data (the key is never shown back: 'Clave configurada'), what the printed document adds (the SII office, the
 * resolution), the CAF files ('Subir CAF', one XML per range), and the
 * folios left per type; the list's dialog (invoices-page.tsx) loads this module when it opens.
 */
import { dteTypeName, formatNumber, saveInvoiceConfigSchema } from "@taller/core";
import { useRef, useState } from "react";
import { fieldErrorsOf } from "../../lib/api";
import { markServerErrors } from "../../lib/form-errors";
import { numberField, textField, useZodForm } from "../../lib/forms";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { FormFooter } from "../../ui/form-footer";
import { useOutcome } from "../../ui/snackbar";
import { PageLoader } from "../../ui/spinner";
import { TextField } from "../../ui/text-field";

function ConfigForm({ onSaved }: { onSaved(): void }) {
  const config = trpc.invoicing.config.useQuery();
  if (config.isError) return <p role="alert">{config.error.message}</p>;
  if (config.data === undefined) return <PageLoader />;
  return <ConfigFields saved={config.data} onSaved={onSaved} />;
}

function ConfigFields({
  saved,
  onSaved,
}: {
  saved: {
    endpoint: string;
    has_api_key: boolean;
    issuer_rut: string;
    issuer_name: string;
    issuer_activity: string;
    issuer_address: string;
    sii_office: string | null;
    resolution_number: number | null;
    resolution_year: number | null;
  } | null;
  onSaved(): void;
}) {
  const utils = trpc.useUtils();
  const outcome = useOutcome();
  const save = trpc.invoicing.saveConfig.useMutation();
  const form = useZodForm(saveInvoiceConfigSchema, {
    endpoint: saved?.endpoint ?? "",
    api_key: "",
    issuer_rut: saved?.issuer_rut ?? "",
    issuer_name: saved?.issuer_name ?? "",
    issuer_activity: saved?.issuer_activity ?? "",
    issuer_address: saved?.issuer_address ?? "",
    sii_office: saved?.sii_office ?? "",
    resolution_number: saved?.resolution_number ?? null,
    resolution_year: saved?.resolution_year ?? null,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ ...values, api_key: values.api_key || null });
      outcome.done("Configuración guardada");
      await utils.invoicing.invalidate();
      onSaved();
    } catch (error) {
      markServerErrors(form, error);
    }
  });
  return (
    <form id="invoice-config-form" onSubmit={(e) => void submit(e)} noValidate className="invoice-form">
      <h3>Proveedor de facturación electrónica</h3>
      <TextField label="Dirección de la API" {...textField(form, "endpoint")} />
      <TextField
        label="Clave de la API"
        type="password"
        autoComplete="off"
        hint={saved?.has_api_key ? "Clave configurada: déjala vacía para mantenerla" : undefined}
        {...textField(form, "api_key")}
      />
      <TextField label="RUT emisor" {...textField(form, "issuer_rut")} />
      <TextField label="Razón social" {...textField(form, "issuer_name")} />
      <TextField label="Giro" {...textField(form, "issuer_activity")} />
      <TextField label="Dirección" {...textField(form, "issuer_address")} />
      <h3>Impreso del documento</h3>
      <TextField
        label="Oficina del SII"
        hint="Se imprime bajo el folio: 'S.I.I. - Santiago Centro'"
        {...textField(form, "sii_office")}
      />
      <TextField label="N° de resolución" {...numberField(form, "resolution_number")} />
      <TextField
        label="Año de resolución"
        hint="Se imprime bajo el timbre: 'Res. 80 de 2014'"
        {...numberField(form, "resolution_year")}
      />
      <FormFooter saving={save.isPending} error={form.formState.errors.root?.server?.message} />
    </form>
  );
}

function CafUpload() {
  const folios = trpc.invoicing.folios.useQuery();
  const utils = trpc.useUtils();
  const outcome = useOutcome();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = trpc.invoicing.uploadCaf.useMutation({
    onSuccess: () => (setError(null), outcome.done("CAF cargado"), utils.invoicing.folios.invalidate()),
    onError: (e) => setError(fieldErrorsOf(e).xml?.[0] ?? e.message),
  });
  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (file) upload.mutate({ xml: await file.text() });
  };
  return (
    <section className="invoice-form">
      <h3>Folios autorizados (CAF)</h3>
      {folios.isError && <p role="alert">{folios.error.message}</p>}
      <ul className="invoice-folios">
        {(folios.data ?? []).map((f) => (
          <li key={f.dte_type}>
            {dteTypeName(f.dte_type)}: quedan {formatNumber(f.left)}
            {f.ranges.map((r) => ` (${r.first_folio}–${r.last_folio})`).join("")}
          </li>
        ))}
        {folios.data?.length === 0 && <li>Aún no hay CAF cargados: sin folios no se emiten documentos.</li>}
      </ul>
      <input
        ref={input}
        type="file"
        accept=".xml,text/xml,application/xml"
        hidden
        aria-label="Archivo CAF"
        data-testid="caf-input"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      <Button variant="secondary" loading={upload.isPending} onClick={() => input.current?.click()}>
        Subir CAF
      </Button>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}

/** The settings dialog's body (invoices-page.tsx loads it when the dialog opens). */
export function InvoiceSettings() {
  return (
    <>
      <ConfigForm onSaved={() => undefined} />
      <CafUpload />
    </>
  );
}
