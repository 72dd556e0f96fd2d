/**
 * The manager's WhatsApp screen (seed 002 sections 2.7, 5, 8): a company autocomplete, then the company's form
 * (provider app, business account, phone shown as verified name and display number, 'Activo' on by default,
 * 'Guardar configuración') and the 'Notificaciones de la empresa' table, whose add button opens the template dialog.
 * The manager shell mounts it at /manager/main/whatsapp (the procedures are managerProcedure: operators only).
 */
import {
  NOTIFICATION_KINDS,
  TEMPLATE_STATUS_LABELS,
  WHATSAPP_TEXTS,
  ANSWER_TYPE_LABELS,
  type NotificationKind,
} from "@taller/core";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { Checkbox } from "../../ui/checkbox";
import { IconButton } from "../../ui/icon-button";
import { Select } from "../../ui/select";
import { useSnackbar } from "../../ui/snackbar";
import { TextField } from "../../ui/text-field";
import { ScrollTable } from "../../ui/scroll-table";
import { TemplateDialog } from "./template-dialog";
import type { TemplateDraft } from "./template-rules";
import "./whatsapp.css";

function CompanyPicker({ onPick }: { onPick(company: { id: number; name: string }): void }) {
  const [search, setSearch] = useState("");
  const found = trpc.messaging.companies.useQuery({ search }, { placeholderData: (previous) => previous });
  return (
    <div className="whatsapp-company">
      <TextField
        label="Empresa"
        placeholder="Buscar empresa"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <ul className="whatsapp-company-options" role="listbox" aria-label="Empresas">
        {found.data?.map((c) => (
          <li key={c.id}>
            <button type="button" role="option" aria-selected={false} onClick={() => onPick(c)}>
              {c.name}
            </button>
          </li>
        ))}
      </ul>
      {found.isError && <QueryFailed query={found} what="las empresas" inline />}
    </div>
  );
}

function ConfigForm({ companyId }: { companyId: number }) {
  const snackbar = useSnackbar();
  const current = trpc.messaging.config.useQuery({ company_id: companyId });
  const [appId, setAppId] = useState<string | undefined>();
  const [accountId, setAccountId] = useState<string | undefined>();
  const [phoneId, setPhoneId] = useState<string | undefined>();
  const [active, setActive] = useState(true);
  const [tried, setTried] = useState(false);
  const [webhookKey, setWebhookKey] = useState<string | null>(null);
  useEffect(() => {
    const c = current.data;
    setAppId(c?.gupshup_app_id);
    setAccountId(c?.account_id);
    setPhoneId(c?.phone_id);
    setActive(c?.active ?? true);
  }, [current.data]);
  const apps = trpc.messaging.apps.useQuery();
  const accounts = trpc.messaging.accounts.useQuery({ app_id: appId ?? "" }, { enabled: !!appId });
  const phones = trpc.messaging.phones.useQuery(
    { app_id: appId ?? "", account_id: accountId ?? "" },
    { enabled: !!appId && !!accountId },
  );
  const save = trpc.messaging.saveConfig.useMutation({
    onSuccess: (saved) => {
      snackbar.show(WHATSAPP_TEXTS.configSaved, { tone: "success", duration: 3000 });
      if (saved.webhook_key) setWebhookKey(saved.webhook_key);
      void current.refetch();
    },
    onError: () => snackbar.show(WHATSAPP_TEXTS.configFailed, { tone: "error", duration: 3000 }),
  });
  return (
    <form
      className="whatsapp-config"
      aria-label="Configuración de WhatsApp"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (appId && accountId && phoneId)
          save.mutate({
            company_id: companyId,
            gupshup_app_id: appId,
            account_id: accountId,
            phone_id: phoneId,
            active,
          });
      }}
    >
      {current.isError && <QueryFailed query={current} what="la configuración" inline />}
      {apps.isError && <QueryFailed query={apps} what="las aplicaciones" inline />}
      <Select
        label="Aplicación"
        value={appId}
        options={(apps.data ?? []).map((a) => ({ value: a.id, label: `${a.name}${a.live ? "" : " (no activa)"}` }))}
        error={tried && !appId ? WHATSAPP_TEXTS.chooseApp : null}
        onValueChange={(v) => {
          setAppId(v);
          setAccountId(undefined);
          setPhoneId(undefined);
        }}
      />
      <Select
        label="Cuenta de negocio"
        value={accountId}
        options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        error={tried && !accountId ? WHATSAPP_TEXTS.chooseAccount : null}
        disabled={!appId}
        onValueChange={(v) => {
          setAccountId(v);
          setPhoneId(undefined);
        }}
      />
      <Select
        label="Teléfono"
        value={phoneId}
        options={(phones.data ?? []).map((p) => ({ value: p.id, label: `${p.verified_name} ${p.display_number}` }))}
        error={tried && !phoneId ? WHATSAPP_TEXTS.choosePhone : null}
        disabled={!accountId}
        onValueChange={setPhoneId}
      />
      <Checkbox label="Activo" checked={active} onCheckedChange={setActive} />
      <Button type="submit" loading={save.isPending}>
        Guardar configuración
      </Button>
      {webhookKey && (
        <p className="field-hint" role="status">
          URL de eventos para el proveedor (se muestra una sola vez):{" "}
          <code>{`${location.origin}/inbound/whatsapp/${webhookKey}`}</code>
        </p>
      )}
    </form>
  );
}

function emptyDraft(kind: NotificationKind): TemplateDraft {
  return {
    name: NOTIFICATION_KINDS[kind],
    answer_type: null,
    text: "",
    show_order: false,
    show_budget: false,
    whatsapp_active: true,
    fills: [],
  };
}

function Notifications({ companyId }: { companyId: number }) {
  const rows = trpc.messaging.notifications.useQuery({ company_id: companyId });
  const [editing, setEditing] = useState<{ kind: NotificationKind; draft: TemplateDraft } | null>(null);
  return (
    <section aria-label="Notificaciones de la empresa" className="whatsapp-notifications">
      <h2>Notificaciones de la empresa</h2>
      <ScrollTable>
        <thead>
          <tr>
            <th>Nombre</th>
            <th>Tipo</th>
            <th>Estado</th>
            <th>Plantilla</th>
          </tr>
        </thead>
        <tbody>
          {rows.data?.map((r) => (
            <tr key={r.notification}>
              <td>{r.template?.name ?? r.label}</td>
              <td>{r.template ? ANSWER_TYPE_LABELS[r.template.answer_type] : "-"}</td>
              <td>{r.template?.whatsapp_active ? "Activo" : "Inactivo"}</td>
              <td>
                {r.template?.whatsapp_status ? TEMPLATE_STATUS_LABELS[r.template.whatsapp_status] : "-"}
                {r.template?.status_reason ? ` (${r.template.status_reason})` : ""}
                <IconButton
                  label={`Plantilla de ${r.label}`}
                  onClick={() =>
                    setEditing({
                      kind: r.notification,
                      draft: r.template ? { ...r.template } : emptyDraft(r.notification),
                    })
                  }
                >
                  <Plus size={16} />
                </IconButton>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {rows.isError && <QueryFailed query={rows} what="las notificaciones" inline />}
      {editing && (
        <TemplateDialog
          companyId={companyId}
          notification={editing.kind}
          initial={editing.draft}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

export function WhatsappScreen() {
  const [company, setCompany] = useState<{ id: number; name: string } | null>(null);
  return (
    <div className="whatsapp-screen">
      <CompanyPicker onPick={setCompany} />
      {company && (
        <>
          <h2>{company.name}</h2>
          <ConfigForm key={company.id} companyId={company.id} />
          <Notifications key={`n${company.id}`} companyId={company.id} />
        </>
      )}
    </div>
  );
}
