// The WhatsApp adapter (docs/architecture.md 'Adapters'): the real one speaks Gupshup's partner API (gupshup.ts);
// the local default sends nothing, so every outbound message stays in whatsapp_messages as 'recorded' (the outbox
// staff can read) and is never reported delivered. The server chooses one at start (apps/server/src/index.ts).
import type { TemplateStatus } from "@taller/core";

export interface ProviderApp {
  id: string;
  name: string;
  live: boolean;
}
export interface ProviderAccount {
  id: string;
  name: string;
}
export interface ProviderPhone {
  id: string;
  verified_name: string;
  display_number: string;
}
export interface TemplateSubmission {
  /** Unique per WhatsApp business account: lower case, digits and underscores. */
  elementName: string;
  content: string;
  /** The content with the example values in place of {{n}}. */
  example: string;
  header: string;
}
export interface ProviderTemplateStatus {
  id: string;
  status: TemplateStatus;
  reason: string | null;
  pausedUntil: Date | null;
}
export type OutboundMessage =
  | {
      kind: "text";
      to: string;
      body: string;
      /** The inbound message's WhatsApp id this answers (WhatsApp's reply reference), within its 24 h window. */
      replyTo?: string | null;
    }
  | { kind: "template"; to: string; templateId: string; variables: string[] };

export interface WhatsappAdapter {
  /** 'gupshup' or 'local' (shown in logs and in the staff's outbox). */
  readonly name: "gupshup" | "local";
  listApps(): Promise<ProviderApp[]>;
  listAccounts(appId: string): Promise<ProviderAccount[]>;
  listPhones(appId: string, accountId: string): Promise<ProviderPhone[]>;
  submitTemplate(appId: string, template: TemplateSubmission): Promise<{ id: string; status: TemplateStatus }>;
  templateStatuses(appId: string): Promise<ProviderTemplateStatus[]>;
  /** Answers the provider's message id ('sent'), or null when nothing left the machine ('recorded'). */
  send(appId: string, message: OutboundMessage): Promise<{ providerMessageId: string | null }>;
}

/**
 * The local default: one local app, account and phone to configure against; a submitted template stays 'submitted'
 * (nobody reviews it; the demo seed writes its templates as approved). Sending answers no id: the message stays
 * 'recorded' in the outbox.
 */
export const localAdapter: WhatsappAdapter = {
  name: "local",
  listApps: () => Promise.resolve([{ id: "local", name: "Sin proveedor (local)", live: false }]),
  listAccounts: () => Promise.resolve([{ id: "local", name: "Cuenta local" }]),
  listPhones: () =>
    Promise.resolve([{ id: "local", verified_name: "Taller (local)", display_number: "+56 9 0000 0000" }]),
  submitTemplate: (_app, t) => Promise.resolve({ id: `local:${t.elementName}`, status: "submitted" }),
  templateStatuses: () => Promise.resolve([]),
  send: () => Promise.resolve({ providerMessageId: null }),
};

let current: WhatsappAdapter = localAdapter;

/** Chosen once at start from the environment (apps/server/src/env.ts); tests swap in the Gupshup adapter. */
export function configureMessaging(adapter: WhatsappAdapter): void {
  current = adapter;
}

export function messagingAdapter(): WhatsappAdapter {
  return current;
}
