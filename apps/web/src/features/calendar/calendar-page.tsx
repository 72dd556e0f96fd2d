/**
 * The production and events calendar (/main/calendar, seed 000 sections 2.4, 4, 7 and 9): the type menu
 * ('Producción' deliveries / 'Eventos', remembered), month, week and day views (the day and view shown live in the
 * URL: ?date=YYYY-MM-DD&view=week), previous/next with a spinner in
 * place of next while loading, a month's day opening its day view (not on holidays), the day's 'Facturado' and
 * 'Producción' sums, the floating search, and the minimal event dialog. The month asks calendar.month for the month
 * shown ± 7 days (each day's count and the items its cell lists); a week or a day asks calendar.range for its own days
 * in full; each 200 ms after the last move. Open calendars refetch when an event changes anywhere in the company.
 */
import {
  CALENDAR_FETCH_DEBOUNCE_MS,
  CALENDAR_TYPE_LABELS,
  CALENDAR_TYPES,
  daySums,
  formatMoney,
  todayIn,
} from "@taller/core";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { keepPreviousData } from "@tanstack/react-query";
import { ArrowLeft, ChevronDown, ChevronLeft, ChevronRight, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { useRefreshOn } from "../../lib/company-events";
import { useLocationFilter } from "../../lib/locations";
import { lazyPart, usePreload } from "../../lib/lazy-part";
import { Dialog } from "../../ui/dialog";
import { useCan } from "../../lib/permissions";
import { useStoredValue } from "../../lib/storage";
import { QueryFailed } from "../../lib/load-state";
import { trpc } from "../../lib/trpc";
import { Button } from "../../ui/button";
import { IconButton } from "../../ui/icon-button";
import { Menu, MenuCheckboxItem } from "../../ui/menu";
import { Spinner } from "../../ui/spinner";
import {
  CALENDAR_MODES,
  calendarTitle,
  dayLabel,
  deliveryItem,
  eventItem,
  itemsByDay,
  MODE_LABELS,
  monthGrid,
  step,
  weekDays,
  weekdayNames,
  type CalendarItem,
  type CalendarMode,
} from "./calendar-rules";
import { CalendarSearch } from "./calendar-search";
import { useSettled } from "../../lib/use-settled";
import type { CalendarEvent } from "./types";
import { calendarInput, shownPeriod, storedType } from "./view-input";
import "./calendar.css";

// The event form (react-hook-form, zod) loads after the calendar has painted, or when its dialog opens.
const EventForm = lazyPart(() => import("./event-form").then((m) => m.EventForm));

type Item = CalendarItem<CalendarEvent>;

/** What the event dialog shows: a new event (on a day), or one to edit. */
type Editing = { event: CalendarEvent } | { day: string } | null;

export function CalendarPage() {
  const navigate = useNavigate();
  const can = useCan();
  usePreload(EventForm);
  const utils = trpc.useUtils();
  const [type, setType] = useStoredValue(storedType);
  // The period shown lives in the URL: Back from an order opened here, and a reload, show it again.
  const linked = useSearch({ from: "/main/calendar" });
  const { mode, day } = shownPeriod(linked);
  const show = (next: { day?: string; mode?: CalendarMode }) =>
    void navigate({
      to: "/main/calendar",
      search: { date: next.day ?? day, view: next.mode ?? mode },
      replace: true,
    });
  const setDay = (next: string) => show({ day: next });
  const setMode = (next: CalendarMode) => show({ mode: next });
  const [editing, setEditing] = useState<Editing>(null);
  const locationIds = useLocationFilter();

  // The view's days, asked for once the user has stopped moving for 200 ms.
  const wanted = calendarInput(day, mode, type, locationIds);
  const wantedKey = `${mode}/${wanted.from}/${wanted.to}`;
  const settledKey = useSettled(wantedKey, CALENDAR_FETCH_DEBOUNCE_MS);
  const [settledMode, from = wanted.from, to = wanted.to] = settledKey.split("/");
  const input = { ...wanted, from, to };
  const options = { placeholderData: keepPreviousData };
  const monthQuery = trpc.calendar.month.useQuery(input, { ...options, enabled: settledMode === "month" });
  const rangeQuery = trpc.calendar.range.useQuery(input, { ...options, enabled: settledMode !== "month" });
  const range = settledMode === "month" ? monthQuery : rangeQuery;
  const loading = settledKey !== wantedKey || range.isFetching;

  // Another screen (or user) created or changed an event: refetch the windows on screen.
  useRefreshOn(["calendar.event.changed", "order.changed"], () =>
    Promise.all([utils.calendar.range.invalidate(), utils.calendar.month.invalidate()]),
  );

  const items = useMemo(() => {
    const data = range.data;
    if (!data) return new Map<string, Item[]>();
    const list: Item[] =
      type === "deliveries"
        ? data.deliveries.flatMap((d) => deliveryItem(d) ?? [])
        : data.events.map((e) => eventItem(e));
    return itemsByDay(list);
  }, [range.data, type]);
  const counts = settledMode === "month" ? monthQuery.data?.counts[type] : undefined;
  const holidays = useMemo(() => new Map((range.data?.holydays ?? []).map((h) => [h.date, h.name])), [range.data]);

  const openItem = (item: Item) => {
    if (item.event) setEditing({ event: item.event });
    else void navigate({ to: "/main/orders/$id", params: { id: String(item.id) } });
  };
  const openDay = (target: string) => {
    if (holidays.has(target)) return;
    show({ day: target, mode: "day" });
  };

  return (
    <div className="calendar">
      <div className="calendar-toolbar">
        {mode === "day" && (
          <IconButton label="Volver al mes" onClick={() => setMode("month")}>
            <ArrowLeft />
          </IconButton>
        )}
        <Menu
          align="start"
          trigger={
            <Button variant="secondary" aria-label={`Calendario: ${CALENDAR_TYPE_LABELS[type]}`}>
              {CALENDAR_TYPE_LABELS[type]}
              <ChevronDown size={16} aria-hidden />
            </Button>
          }
        >
          {CALENDAR_TYPES.map((t) => (
            <MenuCheckboxItem key={t} checked={t === type} onCheckedChange={() => setType(t)}>
              {CALENDAR_TYPE_LABELS[t]}
            </MenuCheckboxItem>
          ))}
        </Menu>
        <div className="calendar-modes" role="group" aria-label="Vista">
          {CALENDAR_MODES.map((m) => (
            <button
              key={m}
              type="button"
              className="calendar-mode"
              aria-pressed={m === mode}
              onClick={() => setMode(m)}
            >
              {MODE_LABELS[m]}
            </button>
          ))}
        </div>
        <div className="calendar-nav">
          <IconButton label="Anterior" onClick={() => setDay(step(day, mode, -1))}>
            <ChevronLeft />
          </IconButton>
          {loading ? (
            <span className="calendar-loading">
              <Spinner size={20} label="Cargando" />
            </span>
          ) : (
            <IconButton label="Siguiente" onClick={() => setDay(step(day, mode, 1))}>
              <ChevronRight />
            </IconButton>
          )}
        </div>
        <h1 className="calendar-title">{calendarTitle(day, mode)}</h1>
        {can("create", "event") && (
          <Button className="calendar-add" icon={<Plus size={18} aria-hidden />} onClick={() => setEditing({ day })}>
            Nuevo evento
          </Button>
        )}
      </div>
      {rangeQuery.data &&
        settledMode !== "month" &&
        (type === "deliveries" ? rangeQuery.data.deliveries_capped : rangeQuery.data.events_capped) && (
          <p className="calendar-note">
            Se muestran los primeros elementos del período: abre un día para ver todos los suyos.
          </p>
        )}

      {range.isError && !range.data ? (
        <QueryFailed query={range} what="el calendario" />
      ) : mode === "month" ? (
        <MonthView day={day} items={items} counts={counts} holidays={holidays} onOpenDay={openDay} />
      ) : mode === "week" ? (
        <WeekView day={day} items={items} holidays={holidays} onOpenDay={openDay} onOpenItem={openItem} />
      ) : (
        <DayView day={day} items={items.get(day) ?? []} holiday={holidays.get(day) ?? null} onOpenItem={openItem} />
      )}

      <CalendarSearch locationIds={locationIds} onOpenEvent={(event) => setEditing({ event })} />
      {editing && (
        <Dialog
          open
          onOpenChange={(open) => !open && setEditing(null)}
          title={"event" in editing ? "Editar evento" : "Nuevo evento"}
          width={480}
        >
          <EventForm
            onClose={() => setEditing(null)}
            event={"event" in editing ? editing.event : null}
            day={"day" in editing ? editing.day : day}
            onSaved={(saved) => {
              setEditing(null);
              setDay(saved.date);
              void utils.calendar.invalidate();
            }}
            onDeleted={() => {
              setEditing(null);
              void utils.calendar.invalidate();
            }}
          />
        </Dialog>
      )}
    </div>
  );
}

/** A month cell lists the items calendar.month sends for it (the first few) and counts the rest as '+N más'. */
function MonthView({
  day,
  items,
  counts,
  holidays,
  onOpenDay,
}: {
  day: string;
  items: Map<string, Item[]>;
  /** Per day, how many items it holds (the month's answer). */
  counts: Record<string, number> | undefined;
  holidays: Map<string, string>;
  onOpenDay(day: string): void;
}) {
  const today = todayIn();
  const month = day.slice(0, 7);
  return (
    <div className="calendar-month" role="grid" aria-label={calendarTitle(day, "month")}>
      <div className="calendar-weekdays" role="row">
        {weekdayNames().map((w) => (
          <div key={w.long} role="columnheader" aria-label={w.long}>
            {w.short}
          </div>
        ))}
      </div>
      {monthGrid(day).map((week) => (
        <div key={week[0]} className="calendar-week" role="row">
          {week.map((d) => {
            const list = items.get(d) ?? [];
            const count = Math.max(counts?.[d] ?? 0, list.length);
            const holiday = holidays.get(d);
            const classes = [
              "calendar-cell",
              d.slice(0, 7) !== month && "calendar-cell-outside",
              d === today && "calendar-cell-today",
              holiday && "calendar-cell-holiday",
            ];
            return (
              <div key={d} role="gridcell" className={classes.filter(Boolean).join(" ")} data-date={d}>
                <button
                  type="button"
                  className="calendar-cell-button"
                  disabled={Boolean(holiday)}
                  onClick={() => onOpenDay(d)}
                  aria-label={`${dayLabel(d)}${holiday ? `, feriado: ${holiday}` : ""}${count ? `, ${count} elementos` : ""}`}
                >
                  <span className="calendar-cell-number">{Number(d.slice(8, 10))}</span>
                  {holiday && <span className="calendar-cell-holiday-name">{holiday}</span>}
                  {list.map((item) => (
                    <span
                      key={item.key}
                      className="calendar-chip"
                      style={{ background: item.color }}
                      title={item.state ?? item.label}
                      data-state={item.state ?? "Evento"}
                    >
                      {item.label}
                    </span>
                  ))}
                  {count > list.length && <span className="calendar-more">+{count - list.length} más</span>}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function WeekView({
  day,
  items,
  holidays,
  onOpenDay,
  onOpenItem,
}: {
  day: string;
  items: Map<string, Item[]>;
  holidays: Map<string, string>;
  onOpenDay(day: string): void;
  onOpenItem(item: Item): void;
}) {
  return (
    <div className="calendar-weekview">
      {weekDays(day).map((d) => {
        const holiday = holidays.get(d);
        return (
          <section key={d} className="calendar-weekday" data-date={d}>
            <h2>
              <button
                type="button"
                className="calendar-weekday-title"
                disabled={Boolean(holiday)}
                onClick={() => onOpenDay(d)}
              >
                {dayLabel(d)}
              </button>
            </h2>
            {holiday && <p className="calendar-cell-holiday-name">{holiday}</p>}
            <ItemList items={items.get(d) ?? []} onOpenItem={onOpenItem} compact />
          </section>
        );
      })}
    </div>
  );
}

function DayView({
  day,
  items,
  holiday,
  onOpenItem,
}: {
  day: string;
  items: Item[];
  holiday: string | null;
  onOpenItem(item: Item): void;
}) {
  const sums = daySums(items);
  return (
    // The toolbar's title names the day already.
    <section className="calendar-day" data-date={day} aria-label={dayLabel(day)}>
      <header className="calendar-day-header">
        {holiday && <p className="calendar-cell-holiday-name">{holiday}</p>}
        <dl className="calendar-sums">
          <div>
            <dt>Facturado</dt>
            <dd data-testid="calendar-billed">{formatMoney(sums.billed)}</dd>
          </div>
          <div>
            <dt>Producción</dt>
            <dd data-testid="calendar-production">{formatMoney(sums.production)}</dd>
          </div>
        </dl>
      </header>
      <ItemList items={items} onOpenItem={onOpenItem} />
    </section>
  );
}

function ItemList({
  items,
  onOpenItem,
  compact = false,
}: {
  items: Item[];
  onOpenItem(item: Item): void;
  compact?: boolean;
}) {
  if (items.length === 0) return <p className="calendar-empty">Sin elementos</p>;
  return (
    <ul className={`calendar-items${compact ? " calendar-items-compact" : ""}`}>
      {items.map((item) => (
        <li key={item.key}>
          <button
            type="button"
            className="calendar-item"
            style={{ borderInlineStartColor: item.color }}
            onClick={() => onOpenItem(item)}
          >
            <span className="calendar-item-time">{item.time ?? "Todo el día"}</span>
            <span className="calendar-item-label">{item.label}</span>
            {item.state && (
              <span className="calendar-chip" style={{ background: item.color }}>
                {item.state}
              </span>
            )}
            {!compact && item.statusName && <span className="calendar-item-status">{item.statusName}</span>}
            {!compact && item.total !== null && <span className="calendar-item-total">{formatMoney(item.total)}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
