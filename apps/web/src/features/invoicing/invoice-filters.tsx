/**
 * The list's date range and client filters, kept in the URL (`?from=&to=&client_id=`, routes/search.ts) like the
 * search, so Back and a reload show the same documents. Days are the issue day (a draft's: the day it was made), in
 * Santiago. The client is picked from the company's clients (read client) and shown by the name the list answers.
 */
import { useSearch } from "@tanstack/react-router";
import { X } from "lucide-react";
import { useState } from "react";
import { useTerms } from "../../lib/company-setup";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { useSetParams } from "../../lib/url-search";
import { DateField } from "../../ui/date-field";
import { invoiceUrlFilters } from "./list-input";
import { IconButton } from "../../ui/icon-button";
import { TextField } from "../../ui/text-field";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export function InvoiceFilters({ clientName }: { clientName: string | null | undefined }) {
  const { from, to, client_id } = invoiceUrlFilters(useSearch({ from: "/main/invoices" }));
  const setParams = useSetParams();
  const client = useTerms().client.oneLower;
  const rangeError = from && to && from > to ? "La fecha inicial debe ser anterior a la final" : null;
  const day = (v: string) => (ISO_DAY.test(v) ? v : undefined);
  return (
    <div className="invoice-filters" role="group" aria-label={`Filtros de fecha y ${client}`}>
      <DateField label="Desde" value={from ?? ""} onChange={(v) => setParams({ from: day(v) })} error={rangeError} />
      <DateField label="Hasta" value={to ?? ""} onChange={(v) => setParams({ to: day(v) })} />
      {client_id !== null ? (
        <span className="invoice-client-chip">
          {clientName ?? "…"}
          <IconButton label={`Quitar filtro de ${client}`} onClick={() => setParams({ client_id: undefined })}>
            <X size={16} aria-hidden />
          </IconButton>
        </span>
      ) : (
        <ClientPicker onPick={(id) => setParams({ client_id: id })} />
      )}
    </div>
  );
}

function ClientPicker({ onPick }: { onPick(id: number): void }) {
  const can = useCan();
  const terms = useTerms();
  const [text, setText] = useState("");
  const term = text.trim();
  const found = trpc.crm.clients.useQuery(
    { search: term || null, page_size: 10 },
    { enabled: term.length >= 2 && can("read", "client") },
  );
  if (!can("read", "client")) return null;
  return (
    <div className="invoice-client-picker">
      <TextField
        label={terms.client.one}
        value={text}
        placeholder="Nombre o RUT"
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      {term.length >= 2 && found.data && (
        <ul className="invoice-client-options" aria-label={terms.client.many}>
          {found.data.items.length === 0 && <li className="muted">Sin resultados</li>}
          {found.data.items.slice(0, 8).map((c) => (
            <li key={c.id}>
              <button type="button" className="btn btn-text" onClick={() => onPick(c.id)}>
                {c.name}
                {c.rut ? <span className="muted"> {c.rut}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
