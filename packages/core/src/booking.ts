// Agenda vocabulary shared by the server and the web app (seed 001 sections 3, 4, 8 and 9; seed 000 sections 3, 5).
import type { Instant } from "./instant";
import type { TermKey, TermWords } from "./terms";

export const BOOKING_KINDS = ["booking", "reentry"] as const;
/** A booking's type: an ordinary booking or a re-entry ('Booking::Reentry', shown 'Reingreso'). */
export type BookingKind = (typeof BOOKING_KINDS)[number];

export const CRM_KINDS = ["booking", "retention", "absence"] as const;
export type CrmKind = (typeof CRM_KINDS)[number];

/** Company preference booking_type: one column per professional, or up to max_bookings per interval. */
export type BookingMode = "professional" | "capacity";

// Defaults of seed 001 section 9.
export const DEFAULT_MAX_BOOKINGS = 3;
export const DEFAULT_TIME_INTERVAL = 10;
/** Professionals shown per page in day mode. */
export const PROFESSIONALS_PER_PAGE = 4;
/** Agenda search: minimum characters and debounce (ms). */
export const BOOKING_SEARCH_MIN = 2;
export const BOOKING_SEARCH_DEBOUNCE_MS = 500;
/** The booking range starts and ends this many days around the month shown; fetched after this delay (ms). */
export const BOOKING_RANGE_MARGIN_DAYS = 7;
export const BOOKING_RANGE_DELAY_MS = 200;
/** Longest range one booking.range or free-slot query covers (a month view with its margins fits). */
export const BOOKING_RANGE_MAX_DAYS = 62;
/** Bookings a month cell lists (the rest are counted as '+N', which opens the day). */
export const AGENDA_MONTH_SHOWN = 3;
/** Most bookings one day of the agenda answers; past it the answer says how many it left out. */
export const AGENDA_DAY_MAX_BOOKINGS = 1000;
/** Longest booking, in minutes (a working day). */
export const BOOKING_MAX_DURATION = 24 * 60;

// Fallbacks on agenda booking cards (seed 001 section 8) and the client page's summary (seed 000 section 2.5).
export const NO_RUT = "Sin rut";
/** 'Sin cliente', in the company's word for its clients. */
export const noClientText = (client: TermWords) => `Sin ${client.oneLower}`;
export const NO_PLATE = "Sin patente";
export const NOT_SPECIFIED = "Sin especificar";
export const PENDING = "Pendiente";
// Texts of the booking screens.
export const NO_HOURS_AVAILABLE = "No hay horas disponibles";
export const DATE_NOT_AVAILABLE = "Fecha no disponible";
export const BOOKED_TITLE = "Cita agendada";
/** The booking error snackbar: '¡OOPS! ' + 'field: message' joined by commas, or 'Error desconocido'. */
export const BOOKING_ERROR_PREFIX = "¡OOPS! ";
export const UNKNOWN_ERROR = "Error desconocido";

/**
 * The booking forms' labels (the agenda's and the public page's) in the company's terms, naming the fields in the
 * error snackbar.
 */
export const bookingFieldLabels = (terms: Pick<Record<TermKey, TermWords>, "client" | "object">) => ({
  client_id: terms.client.one,
  vehicle_id: terms.object.one,
  requirement_id: "Requerimiento",
  location_id: "Local",
  user_id: "Profesional",
  booking_date: "Fecha",
  booking_time: "Hora",
  duration: "Duración",
  comment: "Comentario",
  addons: "Adicionales",
});

/**
 * The booking error snackbar (seed 001 section 8), of the agenda and of the public booking page: '¡OOPS! ' +
 * 'field: message' joined by ', ', else 'Error desconocido'.
 */
export function bookingErrorText(
  fieldErrors: Record<string, readonly string[]>,
  labels: Record<string, string>,
): string {
  const parts = Object.entries(fieldErrors).flatMap(([field, messages]) =>
    messages.map((m) => `${labels[field] ?? field}: ${m}`),
  );
  return BOOKING_ERROR_PREFIX + (parts.length ? parts.join(", ") : UNKNOWN_ERROR);
}

// Field errors the server raises when a booking is written (Spanish, under the form's field names).
export const BOOKING_ERRORS = {
  slotTaken: "La hora ya no está disponible",
  dayUnavailable: "Fecha no disponible",
  pastTime: "La hora ya pasó",
  professionalRequired: "Selecciona un profesional",
  professionalUnavailable: "El profesional no está disponible",
  rescheduled: "La reserva fue reagendada",
  checkedIn: "La reserva ya fue recepcionada",
  notFound: "Reserva no encontrada",
  noShow: "La reserva está marcada como inasistencia",
  notStarted: "La reserva aún no comienza",
  keyReused: "Esta solicitud ya se usó para otra reserva",
  mailBooked: "Este correo ya fue agendado",
  cancelled: "La reserva fue anulada",
  cancelReasonRequired: "Ingresa el motivo de la anulación",
} as const;

/** The longest reason a booking's cancellation keeps (the database's check says the same). */
export const BOOKING_CANCEL_REASON_MAX = 500;

export type BookingDisplayKey =
  "completed" | "unconfirmed" | "confirmed" | "non_attendance" | "reentry" | "rescheduled";

/** The display states of seed 001 section 4, their labels, colours and month-view priority (null: unranked). */
export const BOOKING_DISPLAY: Record<BookingDisplayKey, { label: string; color: string; priority: number | null }> = {
  completed: { label: "Ingresado", color: "#A3BE8C", priority: 0 },
  unconfirmed: { label: "Sin confirmar", color: "#D4A017", priority: null },
  confirmed: { label: "Confirmado", color: "#2C4C7A", priority: 1 },
  non_attendance: { label: "Inasistencia", color: "#A12626", priority: 2 },
  reentry: { label: "Reingreso", color: "#8E3C6F", priority: null },
  rescheduled: { label: "Reagendado", color: "#8A8A8A", priority: 3 },
};

/** A cancelled booking's state: only its page shows it (the agenda leaves cancelled bookings out). */
export const BOOKING_CANCELLED = { key: "cancelled", label: "Anulada", color: "#8A8A8A", priority: null } as const;

/** What decides a booking's display state. */
export interface BookingFlags {
  completed: boolean;
  confirmed: boolean;
  non_attendance: boolean;
  rescheduled: boolean;
  booking_type: BookingKind;
}

/**
 * A booking's display state. Facts that happened win over intentions: checked in ('Ingresado') first, then moved
 * ('Reagendado'), then missed ('Inasistencia'), then a re-entry's own colour, then confirmed or not.
 */
export function bookingDisplayKey(b: BookingFlags): BookingDisplayKey {
  if (b.completed) return "completed";
  if (b.rescheduled) return "rescheduled";
  if (b.non_attendance) return "non_attendance";
  if (b.booking_type === "reentry") return "reentry";
  return b.confirmed ? "confirmed" : "unconfirmed";
}

export function bookingDisplay(b: BookingFlags) {
  const key = bookingDisplayKey(b);
  return { key, ...BOOKING_DISPLAY[key] };
}

/** Month-view order: by priority (completed 0 ... rescheduled 3), unranked last, then by start. */
export function compareBookingsForMonth(
  a: BookingFlags & { start_date: string },
  b: BookingFlags & { start_date: string },
): number {
  const rank = (x: BookingFlags) => BOOKING_DISPLAY[bookingDisplayKey(x)].priority ?? Number.MAX_SAFE_INTEGER;
  return rank(a) - rank(b) || a.start_date.localeCompare(b.start_date);
}

/** A search window: to_date (if any) not before booking_date, and at most BOOKING_RANGE_MAX_DAYS days long. */
export function windowFits(w: { booking_date: string; to_date?: string | undefined }): boolean {
  if (w.to_date === undefined) return true;
  return (
    w.to_date >= w.booking_date &&
    Date.parse(w.to_date) - Date.parse(w.booking_date) < BOOKING_RANGE_MAX_DAYS * 86_400_000
  );
}

/** Free-slot search answer: hours of booking_date, every day of the window, and field errors (seed 000). */
export interface FreeSlotsResult {
  hours: string[];
  days: Record<string, string[]>;
  errors: Record<string, string[]>;
}

/** Most units of one add-on a booking may carry (a requirement may offer fewer: requirement_addons.max_quantity). */
export const ADDON_MAX_QUANTITY = 99;
/** Most distinct add-ons one booking carries. */
export const ADDONS_MAX = 20;
export const ADDON_ERRORS = {
  unavailable: "Adicional no disponible para este servicio",
  tooMany: "Cantidad mayor a la permitida",
  repeated: "Cada adicional va una sola vez",
} as const;

/** An add-on a booking carries: the product's name and price when it was booked, in integer pesos. */
export interface BookingAddon {
  product_id: number | null;
  name: string;
  quantity: number;
  unit_price: number;
  total: number;
}

/** A booking as the agenda shows it (seed 001 'Agenda booking'). */
export interface AgendaBooking extends BookingFlags {
  id: number;
  start_date: Instant;
  booking_date: string;
  booking_time: string;
  duration: number;
  client_id: number | null;
  client_name: string | null;
  client_rut: string | null;
  vehicle_id: number | null;
  identifier: string | null;
  requirement_id: number | null;
  requirement_name: string | null;
  location_id: number | null;
  /** The professional. */
  user_id: number | null;
  rescheduled_for: number | null;
  rescheduled_from: number | null;
  check_in_time: Instant | null;
  order: { id: number; correlative_id: number; user_id: number | null } | null;
  comment: string | null;
}

/** What an e-mail booking carries (seed 001 'External mail': data). */
export interface ExternalMailData {
  location_name: string | null;
  client_rut: string | null;
  client_name: string | null;
  identifier: string | null;
  requirement_name: string | null;
  booking_date: string | null;
  booking_time: string | null;
}
