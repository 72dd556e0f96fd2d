import { router } from "@taller/trpc";
import { cancel } from "./cancel";
import { config, saveConfig } from "./config";
import { createDraft } from "./create-draft";
import { exportInvoices } from "./export";
import { folios } from "./folio-stock";
import { get } from "./get";
import { issue } from "./issue";
import { list, totalsByStatus } from "./list";
import { onChanged } from "./on-changed";
import { sendWhatsapp } from "./send-whatsapp";
import { setLines } from "./set-lines";
import { shareLink } from "./share-link";
import { updateDraft } from "./update-draft";
import { uploadCaf } from "./upload-caf";

export const invoicingRouter = router({
  list,
  totalsByStatus,
  export: exportInvoices,
  get,
  createDraft,
  updateDraft,
  setLines,
  issue,
  cancel,
  shareLink,
  sendWhatsapp,
  folios,
  uploadCaf,
  config,
  saveConfig,
  onChanged,
});
