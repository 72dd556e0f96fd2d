/**
 * The CRM screens' rules that need no screen (seed 001 sections 3, 4 and 9): the categories of a management with
 * their titles and colours, the KPI boxes and their percentages, the date range choices, the lists' columns, the
 * filter remembered under `crm_booking_filter`, and which booking action a management's detail offers.
 */

/** The CRM lists: retentions, absences and booking follow-ups (the bookings tab). */
export type ManagementKind = "retention" | "absence" | "booking";

/** A management's category (seed 001 section 4), also the values of the lists' status filter. */
export type Category = "initial" | "failed" | "on_hold" | "booked" | "completed";

/** Every category in the order the boxes show them; `booked` exists for absences only. */
const ALL_CATEGORIES: readonly Category[] = ["initial", "on_hold", "failed", "booked", "completed"];

export function categoriesOf(kind: ManagementKind): Category[] {
  return ALL_CATEGORIES.filter((c) => kind !== "retention" || c !== "booked");
}

/**
 * The category of a management: its status's flags first (completed, failed, booked — booked only for absences),
 * then the waiting list, otherwise 'En Gestión'.
 */
export function categoryOf(
  kind: ManagementKind,
  status: { completed: boolean; failed: boolean; booked: boolean } | null,
  onHold: boolean,
): Category {
  if (status?.completed) return "completed";
  if (status?.failed) return "failed";
  if (kind !== "retention" && status?.booked) return "booked";
  if (onHold) return "on_hold";
  return "initial";
}

/** The category's title in a row (seed 001 section 4: 'Recuperado', for retentions 'Agendado'). */
export function categoryTitle(kind: ManagementKind, category: Category): string {
  switch (category) {
    case "completed":
      return kind === "retention" ? "Agendado" : "Recuperado";
    case "failed":
      return "Perdido";
    case "booked":
      return "Reagendado";
    case "on_hold":
      return "Contactado en Lista de Espera";
    case "initial":
      return "En Gestión";
  }
}

/** The spec's colour names (success, error, warning, outline, primary) as the themes' CSS colours. */
export const CATEGORY_COLORS: Record<Category, string> = {
  completed: "var(--success)",
  failed: "var(--danger)",
  booked: "var(--warning, #ed6c02)",
  on_hold: "var(--text-muted)",
  initial: "var(--primary)",
};
export const categoryColor = (category: Category): string => CATEGORY_COLORS[category];

/** The KPI answer of seed 001 section 3. */
export interface Kpis {
  on_going_count: number;
  on_hold_count: number;
  lost_count: number;
  completed_count: number;
  booked_count?: number | null;
  total_crms: number;
  estimated_on_going_amount: number;
  recovered_amount: number;
}

export interface KpiBox {
  category: Category;
  /** The box's name (seed 001 section 2: 'En Gestión', 'Contactado en Lista de Espera', 'Perdidos', …). */
  name: string;
  count: number;
  /** count / total_crms in whole percent. */
  percent: number;
  /** The amount the box shows in CLP: estimated for 'En Gestión', recovered for absences' 'Recuperados'. */
  amount: number | null;
}

/** count over total rounded to a whole percent; 0 when there is nothing to count. */
export function kpiPercent(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** The KPI boxes of a list: four for retentions, five for absences (seed 001 section 2). */
export function kpiBoxes(kind: ManagementKind, kpis: Kpis): KpiBox[] {
  const box = (category: Category, name: string, count: number, amount: number | null = null): KpiBox => ({
    category,
    name,
    count,
    percent: kpiPercent(count, kpis.total_crms),
    amount,
  });
  const boxes = [
    box("initial", "En Gestión", kpis.on_going_count, kpis.estimated_on_going_amount),
    box("on_hold", "Contactado en Lista de Espera", kpis.on_hold_count),
    box("failed", "Perdidos", kpis.lost_count),
  ];
  if (kind === "retention") return [...boxes, box("completed", "Agendados", kpis.completed_count)];
  return [...boxes, box("booked", "Reagendados", kpis.booked_count ?? 0), box("completed", "Recuperados", kpis.completed_count, kpis.recovered_amount)];
}

export const DATE_RANGES = ["today", "this_week", "this_month", "last_month", "this_year", "last_year", "all_time"] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export const DATE_RANGE_LABELS: Record<DateRange, string> = {
  today: "Hoy",
  this_week: "Esta semana",
  this_month: "Este mes",
  last_month: "Mes pasado",
  this_year: "Este año",
  last_year: "Año pasado",
  all_time: "Todo el tiempo",
};

/** What the lists filter by, remembered on the device (seed 001 section 3 'Filter'). */
export interface ManagementFilter {
  status: Category[];
  date_range: DateRange;
  /** Columns the user chose to see (keys of managementColumns). */
  columns: string[];
}

/** Every category and all time (seed 001 section 9), every column. */
export function defaultFilter(kind: ManagementKind): ManagementFilter {
  return { status: categoriesOf(kind), date_range: "all_time", columns: managementColumns(kind).map((c) => c.key) };
}

/**
 * The stored filters (`crm_booking_filter`): one JSON object holding each list's filter. What cannot be read, or
 * names a value that does not exist, falls back to that part of the default.
 */
export function parseStoredFilters(raw: string | null): Partial<Record<ManagementKind, ManagementFilter>> {
  let data: unknown;
  try {
    data = raw === null ? null : JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof data !== "object" || data === null) return {};
  const out: Partial<Record<ManagementKind, ManagementFilter>> = {};
  for (const kind of ["retention", "absence", "booking"] as const) {
    const stored = (data as Record<string, unknown>)[kind];
    if (typeof stored !== "object" || stored === null) continue;
    const { status, date_range, columns } = stored as Record<string, unknown>;
    const fallback = defaultFilter(kind);
    const allowed = categoriesOf(kind);
    const keys = fallback.columns;
    out[kind] = {
      status: Array.isArray(status) ? allowed.filter((c) => status.includes(c)) : fallback.status,
      date_range: DATE_RANGES.includes(date_range as DateRange) ? (date_range as DateRange) : fallback.date_range,
      columns: Array.isArray(columns) ? keys.filter((k) => columns.includes(k)) : fallback.columns,
    };
  }
  return out;
}

/** `status` with `category` toggled, kept in the boxes' order. */
export function toggleCategory(kind: ManagementKind, status: readonly Category[], category: Category): Category[] {
  const on = !status.includes(category);
  return categoriesOf(kind).filter((c) => (c === category ? on : status.includes(c)));
}

/** The columns of seed 001 section 2 (absences list), with the sort field each one sorts by (null: not sortable). */
export interface ManagementColumn {
  key: string;
  label: string;
  sort: string | null;
  /** Its CSS grid track: every column shrinks (ellipsis) so the table never scrolls sideways. */
  width: string;
}

export function managementColumns(kind: ManagementKind): ManagementColumn[] {
  return COLUMNS.filter((c) => c.kinds.includes(kind)).map(({ key, label, sort, width }) => ({ key, label, sort, width }));
}

const ALL_KINDS: readonly ManagementKind[] = ["retention", "absence", "booking"];
const COLUMNS: (ManagementColumn & { kinds: readonly ManagementKind[] })[] = [
  { key: "status", label: "Estado", sort: "status", width: "minmax(0, 1.3fr)", kinds: ALL_KINDS },
  { key: "created_at", label: "Fecha Gestión", sort: "created_at", width: "minmax(0, 1fr)", kinds: ALL_KINDS },
  { key: "scheduled_for", label: "Fecha Programada", sort: "scheduled_for", width: "minmax(0, 1fr)", kinds: ["retention"] },
  { key: "reschedule_to", label: "Reagendado Para", sort: null, width: "minmax(0, 1fr)", kinds: ["absence", "booking"] },
  { key: "check_in_time", label: "Fecha Recepción", sort: null, width: "minmax(0, 1fr)", kinds: ALL_KINDS },
  { key: "rut", label: "RUT", sort: null, width: "minmax(0, 1fr)", kinds: ALL_KINDS },
  { key: "name", label: "Cliente", sort: "name", width: "minmax(0, 1.4fr)", kinds: ALL_KINDS },
  { key: "email", label: "Correo", sort: null, width: "minmax(0, 1.4fr)", kinds: ALL_KINDS },
  { key: "phone", label: "Teléfono", sort: null, width: "minmax(0, 1fr)", kinds: ALL_KINDS },
  { key: "object_brand_name", label: "Marca", sort: null, width: "minmax(0, 0.8fr)", kinds: ALL_KINDS },
  { key: "object_brand_model_name", label: "Modelo", sort: null, width: "minmax(0, 0.8fr)", kinds: ALL_KINDS },
  { key: "object_identifier", label: "Patente", sort: null, width: "minmax(0, 0.8fr)", kinds: ALL_KINDS },
  { key: "requirement_name", label: "Requerimiento", sort: null, width: "minmax(0, 1.3fr)", kinds: ALL_KINDS },
  { key: "to_requirement_name", label: "Próximo Requerimiento", sort: null, width: "minmax(0, 1.3fr)", kinds: ["retention"] },
  { key: "location_name", label: "Local", sort: null, width: "minmax(0, 1fr)", kinds: ALL_KINDS },
  { key: "last_contacted_at", label: "Último Contacto", sort: "last_contacted_at", width: "minmax(0, 1fr)", kinds: ALL_KINDS },
];

export interface ListSort {
  sort: string;
  sort_direction: "asc" | "desc";
}

/** Default created_at desc (seed 001 section 9). */
export const DEFAULT_LIST_SORT: ListSort = { sort: "created_at", sort_direction: "desc" };

/** A click on a sortable header: a new column sorts descending; the sorted one flips its direction. */
export function nextSort(current: ListSort, field: string): ListSort {
  if (current.sort !== field) return { sort: field, sort_direction: "desc" };
  return { sort: field, sort_direction: current.sort_direction === "desc" ? "asc" : "desc" };
}

/**
 * The custom action of the detail's footer (seed 001 section 4): 'Agendar Vehículo' without a booking,
 * 'Reagendar Vehículo' with one not checked in, none once checked in.
 */
export function bookingAction(booking: { checked_in: boolean } | null): "Agendar Vehículo" | "Reagendar Vehículo" | null {
  if (!booking) return "Agendar Vehículo";
  return booking.checked_in ? null : "Reagendar Vehículo";
}

/** The statuses the menu offers: every one but the current (seed 001 section 4). */
export function otherStatuses<S extends { id: number }>(statuses: readonly S[], currentId: number | null): S[] {
  return statuses.filter((s) => s.id !== currentId);
}

/** Text shortened to `max` characters with an ellipsis (client names 25, comment previews 100: seed 001 section 9). */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
export const CLIENT_NAME_MAX = 25;
export const COMMENT_PREVIEW_MAX = 100;

/** Ratings 0 to 5 with their counts and percentages of all clients (seed 001 'Client list'). */
export const RATINGS = [0, 1, 2, 3, 4, 5] as const;

export function ratingShares(counts: readonly { rating: number; count: number }[]): { rating: number; count: number; percent: number }[] {
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return RATINGS.map((rating) => {
    const count = counts.find((c) => c.rating === rating)?.count ?? 0;
    return { rating, count, percent: kpiPercent(count, total) };
  });
}

export const CLIENT_PAGE_SIZES = [10, 25, 50, 100] as const;
/** Mobile cards load this many more at a time (seed 001 section 9). */
export const CLIENT_MOBILE_PAGE = 20;
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;
