// WhatsApp messaging (seed 002 sections 2.7, 3.6, 5, 6, 8; seed 001 sections 8 and 9): the texts, the template form's
// rules, the 24-hour reply window and the forward-only message status. Pure: the server and the web app share them.
import { z } from "zod";
import { trimEndOf } from "./text";
import { agree, type TermWords } from "./terms";

export const WHATSAPP_TEXTS = {
  noConversation: "No se ha iniciado una conversación",
  notInPlan: "Esta función no está incluida en su plan actual. Por favor, contacte al administrador.",
  configSaved: "Configuración guardada correctamente",
  configFailed: "Error al guardar la configuración",
  templateSaved: "Plantilla guardada correctamente",
  templateFailed: "Error al guardar la plantilla",
  chooseAccount: "Seleccione una cuenta",
  choosePhone: "Seleccione un teléfono",
  chooseApp: "Seleccione una aplicación",
  chooseCompany: "Seleccione una empresa",
  header: "Ingrese un encabezado",
  type: "Seleccione un tipo",
  content: "Ingrese el contenido",
  example: "Ingrese un valor de ejemplo",
  /** The client named with the company's term: '… desde el último mensaje del paciente: …'. */
  outsideWindow: (client: TermWords) =>
    `Han pasado más de 24 horas desde el último mensaje ${agree(client, "del", "de la")} ${client.oneLower}: solo se puede enviar una plantilla aprobada`,
  templateNotApproved: "La plantilla no está aprobada por WhatsApp",
  /** The client named with the company's term: 'Paciente sin teléfono de WhatsApp'. */
  noPhone: (client: TermWords) => `${client.one} sin teléfono de WhatsApp`,
} as const;

/** How long after the client's last message a free-form message may be sent (seed 001 section 9). */
export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The plan message stays this long (seed 002 section 8: 5 s, info style). */
export const WHATSAPP_PLAN_MESSAGE_MS = 5_000;
/** The template dialog's width (seed 002 section 9). */
export const WHATSAPP_TEMPLATE_DIALOG_PX = 450;

/** Answer types of a template (seed 002 section 3.6) and their labels in 'Tipo Respuesta'. */
export const ANSWER_TYPES = ["", "text", "date", "datetime", "boolean"] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];
export const ANSWER_TYPE_LABELS: Record<AnswerType, string> = {
  "": "Sin respuesta",
  text: "Texto",
  date: "Fecha",
  datetime: "Fecha y hora",
  boolean: "Si/No",
};

/* eslint-disable taller/fixed-term -- named on the operators' template screens, for every company alike */
/** The company's notifications that may go out through WhatsApp, with their names in the table. */
export const NOTIFICATION_KINDS = {
  booking_confirmation: "Confirmación de reserva",
  booking_reminder: "Recordatorio de reserva",
  order_received: "Orden recibida",
  budget_ready: "Presupuesto listo",
  payment_link: "Link de pago",
  crm_follow_up: "Seguimiento CRM",
  invoice_issued: "Documento tributario",
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;

/**
 * The notifications a domain asks for when its document reaches their moment (event `notification.requested`);
 * the other two (booking reminder, CRM follow-up) are sweeps of the messaging package.
 */
export const DOCUMENT_NOTIFICATIONS = [
  "booking_confirmation",
  "order_received",
  "budget_ready",
  "payment_link",
] as const;
export type DocumentNotification = (typeof DOCUMENT_NOTIFICATIONS)[number];

/**
 * What {{1}}, {{2}}.. of each notification's template receive, in order (the manager's template dialog shows it, so
 * operators know what each placeholder holds). A template uses the first n.
 */
export const NOTIFICATION_VALUES: Record<NotificationKind, readonly string[]> = {
  booking_confirmation: ["nombre del cliente", "día (dd-mm-aaaa)", "hora (HH:MM)", "patente"],
  booking_reminder: ["nombre del cliente", "día (dd-mm-aaaa)", "hora (HH:MM)", "patente"],
  order_received: ["nombre del cliente", "patente", "número de orden", "motivo de ingreso"],
  budget_ready: ["nombre del cliente", "patente", "número de presupuesto", "total", "link del presupuesto"],
  payment_link: ["nombre del cliente", "patente", "total", "link de pago"],
  crm_follow_up: ["nombre del cliente", "requerimiento", "patente", "link para agendar"],
  invoice_issued: ["nombre del cliente", "documento (Factura N° 123)", "total", "link del documento (PDF)"],
};
/* eslint-enable taller/fixed-term */

export const TEMPLATE_STATUSES = ["submitted", "approved", "rejected", "paused", "disabled"] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_STATUS_LABELS: Record<TemplateStatus, string> = {
  submitted: "En revisión",
  approved: "Aprobada",
  rejected: "Rechazada",
  paused: "Pausada",
  disabled: "Deshabilitada",
};

/**
 * The placeholders {{1}}, {{2}}.. of a template's content, in order of their number; each needs one example value.
 * WhatsApp numbers them from 1 without gaps: {{1}} and {{3}} without {{2}} is refused by placeholderProblem.
 */
export function templatePlaceholders(text: string): number[] {
  const found = new Set<number>();
  for (const m of text.matchAll(/\{\{\s*(\d{1,2})\s*\}\}/g)) found.add(Number(m[1]));
  return [...found].sort((a, b) => a - b);
}

export function placeholderProblem(text: string): string | null {
  const numbers = templatePlaceholders(text);
  return numbers.every((n, i) => n === i + 1) ? null : "Las variables deben numerarse {{1}}, {{2}}… sin saltos";
}

/** The content with each {{n}} replaced by values[n-1] (what the client reads). */
export function fillTemplate(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d{1,2})\s*\}\}/g, (whole, n: string) => values[Number(n) - 1] ?? whole);
}

const trimmed = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, `Máximo ${max} caracteres`);

/** The 'Plantillas de WhatsApp' form (seed 002 section 5): every field's message is the spec's. */
export const templateFormSchema = z
  .object({
    company_id: z.number({ message: WHATSAPP_TEXTS.chooseCompany }).int().positive(WHATSAPP_TEXTS.chooseCompany),
    notification: z.enum(Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]], {
      message: "Notificación desconocida",
    }),
    name: trimmed(WHATSAPP_TEXTS.header, 180),
    answer_type: z.enum(ANSWER_TYPES, { message: WHATSAPP_TEXTS.type }),
    text: trimmed(WHATSAPP_TEXTS.content, 1024),
    show_order: z.boolean().default(false),
    show_budget: z.boolean().default(false),
    whatsapp_active: z.boolean().default(false),
    fills: z.array(z.string().trim().max(200, "Máximo 200 caracteres")).max(20, "Máximo 20 variables").default([]),
  })
  .superRefine((v, ctx) => {
    const problem = placeholderProblem(v.text);
    if (problem) ctx.addIssue({ code: "custom", path: ["text"], message: problem });
    const count = templatePlaceholders(v.text).length;
    for (let i = 0; i < count; i++) {
      if (!v.fills[i]) ctx.addIssue({ code: "custom", path: ["fills", i], message: WHATSAPP_TEXTS.example });
    }
    if (v.fills.length > count)
      ctx.addIssue({ code: "custom", path: ["fills"], message: "Hay más valores de ejemplo que variables" });
  });
export type TemplateForm = z.infer<typeof templateFormSchema>;

/** The 'WhatsApp' configuration form (seed 002 sections 2.7 and 5). */
export const whatsappConfigSchema = z.object({
  company_id: z.number({ message: WHATSAPP_TEXTS.chooseCompany }).int().positive(WHATSAPP_TEXTS.chooseCompany),
  gupshup_app_id: z.string().trim().min(1, WHATSAPP_TEXTS.chooseApp).max(100),
  account_id: z.string().trim().min(1, WHATSAPP_TEXTS.chooseAccount).max(100),
  phone_id: z.string().trim().min(1, WHATSAPP_TEXTS.choosePhone).max(100),
  active: z.boolean().default(true),
});
export type WhatsappConfigForm = z.infer<typeof whatsappConfigSchema>;

/** What may be sent to a client now: free text inside the window, else only an approved template. */
export type ReplyWindow =
  | { state: "none" } // the client never wrote: 'No se ha iniciado una conversación'
  | { state: "open"; closesAt: Date }
  | { state: "closed"; closedAt: Date };

/** The window is open while now < last inbound + 24 h (at exactly 24 h it is closed). */
export function replyWindow(lastInboundAt: Date | null, now: Date): ReplyWindow {
  if (!lastInboundAt) return { state: "none" };
  const closesAt = new Date(lastInboundAt.getTime() + WHATSAPP_WINDOW_MS);
  return now.getTime() < closesAt.getTime() ? { state: "open", closesAt } : { state: "closed", closedAt: closesAt };
}

/**
 * The WhatsApp id an answer may name as the message it replies to (WhatsApp's reply reference): the inbound
 * message's, only while its own 24 h window is open, else none (the answer goes out without the reference).
 */
export function replyReference(inbound: { wamid: string; receivedAt: Date } | null, now: Date): string | null {
  return inbound && replyWindow(inbound.receivedAt, now).state === "open" ? inbound.wamid : null;
}

/** Outbound message states in the order they happen; 'failed' may replace any state before delivery. */
export const MESSAGE_STATUSES = ["queued", "recorded", "sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
/** How a message's status reads (the chat's WhatsApp dialog, a management's reminder). */
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "En cola",
  recorded: "Registrado (no enviado)",
  sent: "Enviado",
  delivered: "Entregado",
  read: "Leído",
  failed: "Falló",
};
const RANK: Record<MessageStatus, number> = { queued: 0, recorded: 1, sent: 1, delivered: 2, read: 3, failed: 1.5 };

/**
 * Whether an event moving `current` to `next` applies. Status only moves forward (a late 'sent' after 'read' is
 * ignored); 'failed' only before delivery; the local default's 'recorded' never becomes delivered.
 */
export function statusAdvances(current: MessageStatus, next: MessageStatus): boolean {
  if (current === "recorded") return false;
  if (current === "failed") return false;
  if (next === "failed") return RANK[current] < RANK.delivered;
  return RANK[next] > RANK[current];
}

/**
 * A client's answer read as the template's answer type; null when it is not one. Boolean: 'Si'/'Sí'/'No' (any
 * case, trailing punctuation ignored). Date: dd-mm-yyyy or dd/mm/yyyy. Datetime: the date and HH:MM.
 */
export function parseAnswer(type: AnswerType, raw: string): string | boolean | null {
  const text = trimEndOf(raw.trim(), ".!¡¿?")
    .replace(/^[¡¿]+/, "")
    .trim();
  switch (type) {
    case "":
      return null;
    case "text":
      return text ? text : null;
    case "boolean": {
      const folded = text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
      if (folded === "si") return true;
      if (folded === "no") return false;
      return null;
    }
    case "date": {
      const m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text);
      return m ? validDay(m[3] ?? "", m[2] ?? "", m[1] ?? "") : null;
    }
    case "datetime": {
      const m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})\s+(\d{1,2}):(\d{2})$/.exec(text);
      if (!m) return null;
      const day = validDay(m[3] ?? "", m[2] ?? "", m[1] ?? "");
      const h = Number(m[4]);
      const min = Number(m[5]);
      return day && h < 24 && min < 60 ? `${day} ${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}` : null;
    }
  }
}

function validDay(y: string, m: string, d: string): string | null {
  const iso = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

/** A WhatsApp number as the provider writes it: digits with the country code (Chile 56 when 9 digits are given). */
export function whatsappNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 9 && digits.startsWith("9")) return `56${digits}`;
  if (digits.length >= 10 && digits.length <= 15) return digits;
  return null;
}
