export { chatRouter } from "./router";
export { configureAssistant, type AssistantConfig } from "./assistant";
// The write functions other domains may call (DOMAIN_ORDER): an order's move keeps its chat's finished state, every
// new order (orders' createOrder) is born with its chat, and messaging writes WhatsApp messages as comments.
export { documentFinished } from "./write/document-finished";
export { writeComment, type NewComment } from "./write/comment";
export { createDocumentChat } from "./document-chat";
