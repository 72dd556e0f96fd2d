export { ask } from "./ask";
export { configureAssistant, assistantConfig, type AssistantConfig } from "./config";
export { create, status, threads } from "./threads";
