// CRM vocabulary shared by the server and the web app (seed 001 sections 2-4, 8 and 9): management categories and
// their titles and colours, date ranges computed in America/Santiago, columns, KPIs, client list constants and the
// screens' texts. Its zod schemas (the list filters, a client's data) are in crm-schemas.ts.
import { CRM_KINDS } from "./booking";
import { zonedInstant } from "./calendar";
import { addDays, DEFAULT_TZ, todayIn, weekdayOf } from "./format";
import type { Instant } from "./instant";
import { MESSAGE_STATUS_LABELS, NOTIFICATION_KINDS, type MessageStatus } from "./messaging";
import { agree, theTerm, type TermWords } from "./terms";

/** The lists of the CRM screen: retentions and absences (booking follow-ups use the same list procedure). */
export const CRM_LIST_KINDS = CRM_KINDS;

/** What a Crm::Booking status stands for (statuses.crm_category). */
export const CRM_STATUS_CATEGORIES = ["initial", "booked", "completed", "failed"] as const;
export type CrmStatusCategory = (typeof CRM_STATUS_CATEGORIES)[number];

/**
 * A management's category (seed 001 section 4): its status's category, except that an open ('initial') management
 * on the waiting list is 'on_hold'. The order is the spec's filter order.
 */
export const CRM_CATEGORIES = ["initial", "failed", "on_hold", "booked", "completed"] as const;
export type CrmCategory = (typeof CRM_CATEGORIES)[number];

/** Retentions have no 'booked' (Reagendado) box; absences have all five. */
export const CRM_KIND_CATEGORIES = {
  retention: ["initial", "on_hold", "failed", "completed"],
  absence: ["initial", "on_hold", "failed", "booked", "completed"],
  booking: ["initial", "on_hold", "failed", "booked", "completed"],
} as const satisfies Record<(typeof CRM_KINDS)[number], readonly CrmCategory[]>;

/** The category a management shows: pure, the same rule as the trigger crms_before_write. */
export function crmCategory(statusCategory: CrmStatusCategory | null, onHold: boolean): CrmCategory {
  const status = statusCategory ?? "initial";
  return status === "initial" && onHold ? "on_hold" : status;
}

export type CrmColor = "success" | "error" | "warning" | "outline" | "primary";

/** Titles and colours of seed 001 section 4 ('completed' reads 'Agendado' on retentions: they were scheduled). */
export function crmCategoryDisplay(
  kind: (typeof CRM_KINDS)[number],
  category: CrmCategory,
): { title: string; color: CrmColor } {
  switch (category) {
    case "completed":
      return { title: kind === "retention" ? "Agendado" : "Recuperado", color: "success" };
    case "failed":
      return { title: "Perdido", color: "error" };
    case "booked":
      return { title: "Reagendado", color: "warning" };
    case "on_hold":
      return { title: "Contactado en Lista de Espera", color: "outline" };
    case "initial":
      return { title: "En Gestión", color: "primary" };
  }
}

/** The booking state a follow-up or recovery follows (crms.booking_state). */
export const CRM_BOOKING_STATES = ["pending", "confirmed", "checked_in", "no_show", "cancelled"] as const;
export type CrmBookingState = (typeof CRM_BOOKING_STATES)[number];

// ---------------------------------------------------------------------------
// Date ranges (America/Santiago)

export const CRM_DATE_RANGES = [
  "today",
  "this_week",
  "this_month",
  "last_month",
  "this_year",
  "last_year",
  "all_time",
] as const;
export type CrmDateRange = (typeof CRM_DATE_RANGES)[number];

export const CRM_DATE_RANGE_LABELS: Record<CrmDateRange, string> = {
  today: "Hoy",
  this_week: "Esta semana",
  this_month: "Este mes",
  last_month: "Mes pasado",
  this_year: "Este año",
  last_year: "Año pasado",
  all_time: "Todo el tiempo",
};

/** A range of Santiago days: `from` inclusive, `to` exclusive; null for an open end ('all_time'). */
export interface DayRange {
  from: string | null;
  to: string | null;
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
function addMonths(firstOfMonth: string, n: number): string {
  const y = Number(firstOfMonth.slice(0, 4));
  const m = Number(firstOfMonth.slice(5, 7)) - 1 + n;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12;
  return `${String(year).padStart(4, "0")}-${String(month + 1).padStart(2, "0")}-01`;
}

/** The days a date range key covers, given today's Santiago day: weeks start on Monday. */
export function crmDayRange(range: CrmDateRange, today: string): DayRange {
  switch (range) {
    case "today":
      return { from: today, to: addDays(today, 1) };
    case "this_week": {
      const monday = addDays(today, 1 - weekdayOf(today));
      return { from: monday, to: addDays(monday, 7) };
    }
    case "this_month":
      return { from: monthStart(today), to: addMonths(monthStart(today), 1) };
    case "last_month":
      return { from: addMonths(monthStart(today), -1), to: monthStart(today) };
    case "this_year":
      return { from: `${today.slice(0, 4)}-01-01`, to: `${Number(today.slice(0, 4)) + 1}-01-01` };
    case "last_year":
      return { from: `${Number(today.slice(0, 4)) - 1}-01-01`, to: `${today.slice(0, 4)}-01-01` };
    case "all_time":
      return { from: null, to: null };
  }
}

/**
 * The instants a date range key covers at `now`: from the first Santiago midnight to the one after the last day
 * (a day on which daylight saving starts is 23 hours long, one on which it ends 25).
 */
export function crmInstantRange(
  range: CrmDateRange,
  now: Date,
  tz = DEFAULT_TZ,
): { from: Instant | null; to: Instant | null } {
  const days = crmDayRange(range, todayIn(tz, now));
  return {
    from: days.from === null ? null : zonedInstant(days.from, "00:00", tz),
    to: days.to === null ? null : zonedInstant(days.to, "00:00", tz),
  };
}

// ---------------------------------------------------------------------------
// Lists

/** The management lists' sortable columns (default created_at desc). */
export const CRM_SORTS = ["created_at", "scheduled_for", "last_contacted_at", "name", "status"] as const;
export type CrmSort = (typeof CRM_SORTS)[number];

/** Columns of the retention and absence tables (seed 001 section 2), in the spec's order, with their headers. */
export const CRM_COLUMNS = [
  { key: "status", label: "Estado", kinds: ["retention", "absence", "booking"], sort: "status" },
  { key: "created_at", label: "Fecha Gestión", kinds: ["retention", "absence", "booking"], sort: "created_at" },
  { key: "scheduled_for", label: "Fecha Programada", kinds: ["retention"], sort: "scheduled_for" },
  { key: "reschedule_to", label: "Reagendado Para", kinds: ["absence", "booking"], sort: null },
  { key: "check_in_time", label: "Fecha Recepción", kinds: ["retention", "absence", "booking"], sort: null },
  { key: "rut", label: "RUT", kinds: ["retention", "absence", "booking"], sort: null },
  // eslint-disable-next-line taller/fixed-term -- headed with the company's term where shown (managementColumns)
  { key: "name", label: "Cliente", kinds: ["retention", "absence", "booking"], sort: "name" },
  { key: "email", label: "Correo", kinds: ["retention", "absence", "booking"], sort: null },
  { key: "phone", label: "Teléfono", kinds: ["retention", "absence", "booking"], sort: null },
  { key: "object_brand_name", label: "Marca", kinds: ["retention", "absence", "booking"], sort: null },
  { key: "object_brand_model_name", label: "Modelo", kinds: ["retention", "absence", "booking"], sort: null },
  { key: "object_identifier", label: "Patente", kinds: ["retention", "absence", "booking"], sort: null },
  { key: "requirement_name", label: "Requerimiento", kinds: ["retention", "absence", "booking"], sort: null },
  { key: "to_requirement_name", label: "Próximo Requerimiento", kinds: ["retention"], sort: null },
  { key: "location_name", label: "Local", kinds: ["retention", "absence", "booking"], sort: null },
  {
    key: "last_contacted_at",
    label: "Último Contacto",
    kinds: ["retention", "absence", "booking"],
    sort: "last_contacted_at",
  },
] as const satisfies readonly {
  key: string;
  label: string;
  kinds: readonly (typeof CRM_KINDS)[number][];
  sort: CrmSort | null;
}[];
export type CrmColumn = (typeof CRM_COLUMNS)[number]["key"];

/** localStorage key of the lists' filters (seed 001 section 3). */
export const CRM_FILTER_STORAGE_KEY = "crm_booking_filter";
export const CRM_SEARCH_DEBOUNCE_MS = 500;
export const CRM_DEFAULT_DATE_RANGE: CrmDateRange = "all_time";

/** The KPI strip (seed 001 section 3 'KPIs'); `booked_count` is null for retentions. Amounts in integer pesos. */
export interface CrmKpis {
  on_going_count: number;
  on_hold_count: number;
  lost_count: number;
  completed_count: number;
  booked_count: number | null;
  total_crms: number;
  estimated_on_going_amount: number;
  recovered_amount: number;
}

/** A KPI box's percentage: count over total_crms, rounded to a whole number (0 when there is nothing). */
export function kpiPercent(count: number, total: number): number {
  return total > 0 ? Math.round((count * 100) / total) : 0;
}

// ---------------------------------------------------------------------------
// Clients

export const CLIENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const CLIENT_MOBILE_PAGE_SIZE = 20;
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;
export const CLIENT_RATINGS = [0, 1, 2, 3, 4, 5] as const;
export const CLIENT_SORTS = ["correlative_id", "name", "rating"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

// ---------------------------------------------------------------------------
// Texts (seed 001 section 8)

export const CRM_TEXTS = {
  forbidden: "No tienes acceso a esta información",
  updated: "La gestión ha sido actualizada",
  system: "Sistema",
  confirmLost: "¿Está seguro que desea marcar la gestión como perdida?",
  confirmWaitingList: (client: TermWords) =>
    `¿Está seguro que desea enviar la gestión a la Lista de Espera? Esto significa que se pausará el envío de notificaciones automáticas ${agree(client, "al", "a la")} ${client.oneLower}.`,
  lostOk: "Gestión marcada como perdida",
  lostError: "Error al marcar gestión como fallida",
  waitingListOk: "Gestión enviada a Lista de Espera",
  waitingListError: "Error al enviar gestión a Lista de Espera",
  loadingMore: "Cargando ...",
  notFound: "Gestión no encontrada",
  sameStatus: "La gestión ya tiene ese estado",
  alreadyLost: "La gestión ya está marcada como perdida",
  alreadyOnHold: "La gestión ya está en la Lista de Espera",
  unknownStatus: "Estado no disponible",
  alreadyBooked: "La gestión ya tiene una reserva: usa Reagendar",
} as const;

/** 'No se han encontrado {clients}' with the company's term. */
export const noClientsText = (clientsTerm: string) => `No se han encontrado ${clientsTerm}`;

/** Snackbar durations (ms): row actions and the realtime notice. */
export const CRM_SNACKBAR_MS = 3000;
export const CRM_UPDATED_NOTICE_MS = 5000;
/** Which custom action a management's detail offers, by its booking (seed 001 section 4). */
export function crmBookingAction(booking: { checked_in: boolean } | null): "book" | "rebook" | null {
  if (!booking) return "book";
  return booking.checked_in ? null : "rebook";
}

/** Managements opened longer ago than this get no WhatsApp follow-up (a template approved late floods nobody). */
export const CRM_FOLLOW_UP_DAYS = 7;

/** What decides a management's WhatsApp follow-up (messaging's crm follow-up sweep), as crm.get reads it. */
export interface CrmReminderFacts {
  category: CrmCategory;
  /** The follow-up message's status; null: none was queued. */
  message: MessageStatus | null;
  /** The company has an active WhatsApp configuration (its plan includes it). */
  plan: boolean;
  /** The company's 'crm_follow_up' template is approved and active. */
  template: boolean;
  phone: boolean;
  /** Still within the sweep's reach (opened in the last days). */
  recent: boolean;
}

/** The line a management's detail shows about its WhatsApp follow-up: what was sent, or why nothing was. */
export function crmReminderText(f: CrmReminderFacts, client: TermWords): string | null {
  if (f.message) return `Recordatorio por WhatsApp: ${MESSAGE_STATUS_LABELS[f.message]}`;
  if (f.category === "on_hold") return "Recordatorios en pausa: la gestión está en la Lista de Espera";
  if (f.category !== "initial" || !f.recent) return null;
  if (!f.plan) return "Sin recordatorio por WhatsApp: no está incluido en el plan de la empresa";
  if (!f.template)
    return `Sin recordatorio por WhatsApp: la empresa no tiene una plantilla aprobada de '${NOTIFICATION_KINDS.crm_follow_up}'`;
  if (!f.phone) return `Sin recordatorio por WhatsApp: ${theTerm(client)} no tiene teléfono`;
  return "Recordatorio por WhatsApp: pendiente";
}

/** A Chilean phone as stored: "+56 9 1234 5678" (nine digits after the country code), or null when not one. */
export function formatChileanPhone(phone: string): string | null {
  const digits = phone.replace(/[\s\-().]/g, "").replace(/^\+?56/, "");
  if (!/^\d{9}$/.test(digits)) return null;
  return `+56 ${digits.slice(0, 1)} ${digits.slice(1, 5)} ${digits.slice(5)}`;
}

export const CLIENT_TEXTS = {
  badRut: "RUT inválido",
  /** Followed by the list it is in (takenText): 'Ese RUT ya está registrado en Clientes'. */
  rutTaken: "Ese RUT ya está registrado",
  badPhone: "Teléfono inválido (+56 9 1234 5678)",
  badEmail: "Correo inválido",
  mergeSame: "Elige otro registro para unir",
  merged: "Registros unidos",
} as const;
