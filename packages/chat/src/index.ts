export { chatRouter } from "./router";
export { configureAssistant, type AssistantConfig } from "./assistant";
// The write functions other domains may call (DOMAIN_ORDER): an order's move keeps its chat's finished state, and
// every new order (orders' createOrder) is born with its chat.
export { documentFinished } from "./write/document-finished";
export { createDocumentChat } from "./document-chat";
