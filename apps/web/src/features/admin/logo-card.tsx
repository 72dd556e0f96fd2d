/**
 * The company's logo on /admin/preferences: the side menu's and the public booking page's picture. A chosen picture
 * is uploaded to the file store (purpose company_logo) and set at once; 'Quitar logo' goes back to the initials.
 * Open shells of the company refetch their setup on the change event.
 */
import { PICTURE_ACCEPT, PICTURE_ERRORS, pictureFileProblem } from "@taller/core";
import { type ChangeEvent, useRef, useState } from "react";
import { useCompanySetupQuery } from "../../lib/company-setup";
import { trpc } from "../../lib/trpc";
import { uploadFile } from "../../lib/upload";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { initials } from "../../ui/initials";
import { useSnackbar } from "../../ui/snackbar";

export function LogoCard() {
  const setup = useCompanySetupQuery();
  const company = setup.data?.company;
  const logo = company?.preferences.logo ?? null;
  const utils = trpc.useUtils();
  const snackbar = useSnackbar();
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const setLogo = trpc.admin.preferences.setLogo.useMutation({ onSuccess: () => utils.company.setup.invalidate() });
  const busy = uploading || setLogo.isPending;

  async function save(next: string | null) {
    setError(null);
    try {
      await setLogo.mutateAsync({ logo: next });
      snackbar.show(next ? "Logo actualizado" : "Logo quitado", { tone: "success", duration: 2000 });
    } catch {
      setError("Error al actualizar el logo");
    }
  }

  async function choose(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const problem = pictureFileProblem(file);
    setError(problem);
    if (problem) return;
    setUploading(true);
    try {
      const url = await uploadFile(file, file.name, "company_logo");
      await save(url);
    } catch {
      setError(PICTURE_ERRORS.upload);
    } finally {
      setUploading(false);
    }
  }

  return (
    <Card title="Logo">
      <div className="admin-logo">
        {logo ? (
          <img src={logo} alt={`Logo de ${company?.name ?? "la empresa"}`} className="admin-logo-picture" />
        ) : (
          <span className="admin-logo-picture logo-initials" aria-hidden>
            {initials(company?.name ?? "")}
          </span>
        )}
        <div className="admin-actions">
          <input
            ref={input}
            type="file"
            accept={PICTURE_ACCEPT}
            onChange={(e) => void choose(e)}
            hidden
            aria-label="Archivo del logo"
            data-testid="logo-input"
          />
          <Button onClick={() => input.current?.click()} loading={busy} disabled={!company}>
            Cambiar logo
          </Button>
          {logo && (
            <Button variant="secondary" disabled={busy} onClick={() => void save(null)}>
              Quitar logo
            </Button>
          )}
        </div>
      </div>
      <p className="admin-hint">
        PNG, JPG, WEBP o ICO. Se muestra en el menú lateral y en la página de agendamiento en línea.
      </p>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </Card>
  );
}
