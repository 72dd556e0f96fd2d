// A record shown in a dialog (an order, a booking, a client, a CRM management): its view, 'Abrir página' to the
// record's own page, and 'Cerrar'.
import { Link, type LinkComponentProps, type RegisteredRouter, type ValidateLinkOptions } from "@tanstack/react-router";
import { Button } from "./button";
import { Dialog, type DialogProps } from "./dialog";

/**
 * `page` is checked where it is written, as a Link's `to` and `params` are, route by route (tanstack's
 * ValidateLinkOptions); inside, the generic options are a Link's props as the router's docs pass them on.
 */
export function RecordDialog<TPage>({
  page,
  ...dialog
}: Omit<DialogProps, "actions"> & { page: ValidateLinkOptions<RegisteredRouter, TPage> }) {
  return (
    <Dialog
      {...dialog}
      actions={
        <>
          <Link {...(page as LinkComponentProps)} className="btn btn-text">
            Abrir página
          </Link>
          <Button onClick={() => dialog.onOpenChange(false)}>Cerrar</Button>
        </>
      }
    />
  );
}
