/**
 * The document's PDF and its sending to the client: 'Descargar PDF' (GET /invoices/{id}/pdf, the SII's layout),
 * and for an issued document 'Enviar por WhatsApp' (the company's 'Documento tributario' template with the link, once)
 * and 'Enviar por correo' (the staff member's mail program, opened with the link: the product sends no e-mail).
 * The link opens the PDF without a session for INVOICE_LINK_DAYS after it was last shared.
 */
import type { RouterOutputs } from "@taller/api";
import { agree, formatDate, INVOICE_LINK_DAYS, theTerm } from "@taller/core";
import { useState } from "react";
import { useCan } from "../../lib/permissions";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { useOutcome } from "../../ui/snackbar";
import { useTerms } from "../../lib/company-setup";

type Invoice = RouterOutputs["invoicing"]["get"];

export function InvoiceSend({ invoice }: { invoice: Invoice }) {
  const can = useCan();
  const outcome = useOutcome();
  const { client } = useTerms();
  const theClient = theTerm(client);
  const [status, setStatus] = useState<string | null>(null);
  const share = trpc.invoicing.shareLink.useMutation({
    onSuccess: (r) => {
      setStatus(`Enlace para ${theClient}, válido hasta el ${formatDate(r.expires_at)}: ${r.url}`);
      window.location.href = r.mailto;
    },
    onError: outcome.failed,
  });
  const whatsapp = trpc.invoicing.sendWhatsapp.useMutation({
    onSuccess: (r) => {
      setStatus(r.message);
      if (r.sent) outcome.done(r.message);
    },
    onError: outcome.failed,
  });
  const issued = invoice.status === "issued" || invoice.status === "cancelled";
  const notIssued = issued
    ? null
    : `Solo un documento emitido se puede enviar ${agree(client, "al", "a la")} ${client.oneLower}`;
  return (
    <div className="invoice-actions">
      <a className="btn btn-secondary" href={`/invoices/${invoice.id}/pdf`} target="_blank" rel="noreferrer">
        Descargar PDF
      </a>
      {can("update", "invoice") && (
        <>
          <Button
            variant="secondary"
            loading={whatsapp.isPending}
            disabledReason={notIssued}
            onClick={() => whatsapp.mutate({ id: invoice.id })}
          >
            Enviar por WhatsApp
          </Button>
          <Button
            variant="secondary"
            loading={share.isPending}
            disabledReason={notIssued}
            title={`El enlace abre el PDF durante ${INVOICE_LINK_DAYS} días`}
            onClick={() => share.mutate({ id: invoice.id })}
          >
            Enviar por correo
          </Button>
        </>
      )}
      {status && (
        <p role="status" className="invoice-message invoice-share">
          {status}
        </p>
      )}
    </div>
  );
}
