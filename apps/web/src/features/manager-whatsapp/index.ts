export { WhatsappScreen } from "./whatsapp-screen";
export { TemplateDialog } from "./template-dialog";
export { templateErrors, type TemplateDraft } from "./template-rules";
