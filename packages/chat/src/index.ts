export { chatRouter } from "./router";
export { configureAssistant, type AssistantConfig } from "./assistant";
// The write function other domains may call (orders.receive creates the new order's chat in its transaction).
export { createDocumentChat } from "./document-chat";
