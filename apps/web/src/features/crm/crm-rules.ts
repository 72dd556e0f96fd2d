/**
 * The CRM screens' rules that need no screen, on top of core's CRM vocabulary (categories, titles, date ranges,
 * columns: packages/core/src/crm.ts): the spec's colour names as theme colours, the KPI boxes with their names and
 * amounts, the filter remembered under `crm_booking_filter`, the sort cycle of the headers and the status menu.
 */
import {
  CLIENT_RATINGS,
  CRM_COLUMNS,
  CRM_DATE_RANGES,
  CRM_KIND_CATEGORIES,
  type CrmCategory,
  type CrmColor,
  type CrmColumn,
  type CrmDateRange,
  type CrmKind,
  type CrmKpis,
  type CrmSort,
  DEFAULT_TERMS,
  kpiPercent,
  termWords,
  type TermWords,
  type StatusTransition,
  transitionAllowed,
} from "@taller/core";

/** The spec's colour names (seed 001 section 4) as the themes' CSS colours; the themes have no warning colour. */
export const CRM_COLOR_CSS: Record<CrmColor, string> = {
  success: "var(--success)",
  error: "var(--danger)",
  warning: "var(--warning, #ed6c02)",
  outline: "var(--text-muted)",
  primary: "var(--primary)",
};

export function categoriesOf(kind: CrmKind): CrmCategory[] {
  return [...CRM_KIND_CATEGORIES[kind]];
}

export interface KpiBox {
  category: CrmCategory;
  /** The box's name (seed 001 section 2: 'En Gestión', 'Contactado en Lista de Espera', 'Perdidos', …). */
  name: string;
  count: number;
  /** count / total_crms in whole percent. */
  percent: number;
  /** The amount the box shows in CLP: estimated for 'En Gestión', recovered for absences' 'Recuperados'. */
  amount: number | null;
}

/** The KPI boxes of a list: four for retentions, five for absences (seed 001 section 2). */
export function kpiBoxes(kind: CrmKind, kpis: CrmKpis): KpiBox[] {
  const box = (category: CrmCategory, name: string, count: number, amount: number | null = null): KpiBox => ({
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
  return [
    ...boxes,
    box("booked", "Reagendados", kpis.booked_count ?? 0),
    box("completed", "Recuperados", kpis.completed_count, kpis.recovered_amount),
  ];
}

/** What a list filters by, remembered on the device (seed 001 section 3 'Filter'), and the columns shown. */
export interface ManagementFilter {
  status: CrmCategory[];
  date_range: CrmDateRange;
  columns: CrmColumn[];
}

const DEFAULT_CLIENT = termWords(DEFAULT_TERMS.client);

export interface ManagementColumn {
  key: CrmColumn;
  label: string;
  sort: ListSortField | null;
}

/**
 * The kind's columns in the spec's order; only the sorts the lists accept are offered on the headers. The client's
 * column is headed with the company's term for its clients ('Cliente', 'Paciente').
 */
export function managementColumns(kind: CrmKind, client: TermWords = DEFAULT_CLIENT): ManagementColumn[] {
  return CRM_COLUMNS.filter((c) => (c.kinds as readonly CrmKind[]).includes(kind)).map((c) => ({
    key: c.key,
    label: c.key === "name" ? client.one : c.label,
    sort: isListSort(c.sort) ? c.sort : null,
  }));
}

/** The sorts the list procedures take (contract: created_at, scheduled_for, last_contacted_at). */
const LIST_SORTS = ["created_at", "scheduled_for", "last_contacted_at"] as const;
export type ListSortField = (typeof LIST_SORTS)[number];
const isListSort = (sort: CrmSort | null): sort is ListSortField =>
  (LIST_SORTS as readonly (CrmSort | null)[]).includes(sort);

/**
 * The columns shown until the user chooses (the chooser adds the rest): the state, the dates the list is about,
 * who and what. They fit a 1,280 px window beside the menu without scrolling sideways.
 */
const DEFAULT_COLUMNS: readonly CrmColumn[] = [
  "status",
  "created_at",
  "scheduled_for",
  "reschedule_to",
  "name",
  "object_identifier",
  "requirement_name",
];

/** Every category and all time (seed 001 section 9), the default columns of the kind. */
export function defaultFilter(kind: CrmKind): ManagementFilter {
  const columns = managementColumns(kind)
    .map((c) => c.key)
    .filter((key) => DEFAULT_COLUMNS.includes(key));
  return { status: categoriesOf(kind), date_range: "all_time", columns };
}

/**
 * The stored filters (`crm_booking_filter`): one JSON object holding each list's filter. What cannot be read, or
 * names a value that does not exist, falls back to that part of the default.
 */
export function parseStoredFilters(raw: string | null): Partial<Record<CrmKind, ManagementFilter>> {
  let data: unknown;
  try {
    data = raw === null ? null : JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof data !== "object" || data === null) return {};
  const out: Partial<Record<CrmKind, ManagementFilter>> = {};
  for (const kind of ["retention", "absence", "booking"] as const) {
    const stored = (data as Record<string, unknown>)[kind];
    if (typeof stored !== "object" || stored === null) continue;
    const { status, date_range, columns } = stored as Record<string, unknown>;
    const fallback = defaultFilter(kind);
    out[kind] = {
      status: Array.isArray(status) ? fallback.status.filter((c) => status.includes(c)) : fallback.status,
      date_range: (CRM_DATE_RANGES as readonly unknown[]).includes(date_range)
        ? (date_range as CrmDateRange)
        : fallback.date_range,
      columns: Array.isArray(columns)
        ? managementColumns(kind)
            .map((c) => c.key)
            .filter((k) => columns.includes(k))
        : fallback.columns,
    };
  }
  return out;
}

/** `status` with `category` toggled, kept in the boxes' order. */
export function toggleCategory(kind: CrmKind, status: readonly CrmCategory[], category: CrmCategory): CrmCategory[] {
  const on = !status.includes(category);
  return categoriesOf(kind).filter((c) => (c === category ? on : status.includes(c)));
}

export interface ListSort {
  sort: ListSortField;
  sort_direction: "asc" | "desc";
}

/** Default created_at desc (seed 001 section 9). */
export const DEFAULT_LIST_SORT: ListSort = { sort: "created_at", sort_direction: "desc" };

/** A click on a sortable header: a new column sorts descending; the sorted one flips its direction. */
export function nextSort(current: ListSort, field: ListSortField): ListSort {
  if (current.sort !== field) return { sort: field, sort_direction: "desc" };
  return { sort: field, sort_direction: current.sort_direction === "desc" ? "asc" : "desc" };
}

/**
 * The CRM's query parameters (routes/search.ts reads them as plain text and numbers) narrowed to what the lists
 * take: what names nothing known is dropped, as a hand-typed URL's may.
 */
export function urlDateRange(range: string | undefined): CrmDateRange | undefined {
  return (CRM_DATE_RANGES as readonly (string | undefined)[]).includes(range) ? (range as CrmDateRange) : undefined;
}

export function urlListSort(sort: string | undefined, direction: "asc" | "desc" | undefined): ListSort {
  const field = LIST_SORTS.find((s) => s === sort);
  return field ? { sort: field, sort_direction: direction ?? "desc" } : DEFAULT_LIST_SORT;
}

export type ClientRating = (typeof CLIENT_RATINGS)[number];

/** The clients' rating filter: every rating without `?rating=`, and the URL left clean when every one is on. */
export function urlRatings(ratings: readonly number[] | undefined): ClientRating[] {
  return ratings ? CLIENT_RATINGS.filter((r) => ratings.includes(r)) : [...CLIENT_RATINGS];
}

export function ratingsParam(ratings: readonly ClientRating[]): ClientRating[] | undefined {
  return ratings.length === CLIENT_RATINGS.length ? undefined : [...ratings];
}

/**
 * The status menu: the statuses the management may move to from its current one (any other of them when the company
 * configured no rule from it, as the server's crm.updateStatus decides; seed 001 section 4).
 */
export function nextStatuses<S extends { id: number }>(
  statuses: readonly S[],
  currentId: number | null,
  transitions: readonly StatusTransition[],
): S[] {
  return statuses.filter((s) => (currentId === null ? true : transitionAllowed(currentId, s.id, transitions)));
}

/** Text shortened to `max` characters with an ellipsis (client names: 25, seed 001 section 9). */
export function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
export const CLIENT_NAME_MAX = 25;
