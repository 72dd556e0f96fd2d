export { chatRouter } from "./router";
export { configureAssistant, type AssistantConfig } from "./assistant";
