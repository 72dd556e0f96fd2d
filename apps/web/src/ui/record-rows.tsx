/**
 * The short lists of a record's page (a vehicle's or a client's orders and bookings): a row per document linking to
 * it, or the empty text.
 */
import { formatDateTime, formatDay, type InstantValue } from "@taller/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Card } from "./card";
import { StatusBadge } from "./status";

export function RecordRows({ empty, children }: { empty: string; children: ReactNode[] }) {
  return children.length ? <ul className="record-rows">{children}</ul> : <p className="muted">{empty}</p>;
}

interface OrderRow {
  id: number;
  correlative_id: number;
  requirement_name: string | null;
  check_in_time: InstantValue;
  status_color: string;
  status_name: string;
}

/** `title` and `empty` in the company's term for an order. */
export function OrderRowsCard({ title, empty, orders }: { title: string; empty: string; orders: OrderRow[] }) {
  return (
    <Card title={title}>
      <RecordRows empty={empty}>
        {orders.map((o) => (
          <li key={o.id}>
            <Link to="/main/orders/$id" params={{ id: String(o.id) }}>
              #{o.correlative_id}
            </Link>{" "}
            <span className="muted">
              {[o.requirement_name, formatDateTime(o.check_in_time)].filter(Boolean).join(" · ")}
            </span>{" "}
            <StatusBadge color={o.status_color} name={o.status_name} />
          </li>
        ))}
      </RecordRows>
    </Card>
  );
}

interface BookingRow {
  id: number;
  booking_date: string;
  booking_time: string;
  requirement_name: string | null;
}

export function BookingRowsCard({ bookings }: { bookings: BookingRow[] }) {
  return (
    <Card title="Reservas">
      <RecordRows empty="Sin reservas">
        {bookings.map((b) => (
          <li key={b.id}>
            <Link to="/main/bookings/$id" params={{ id: String(b.id) }}>
              {formatDay(b.booking_date)} · {b.booking_time}
            </Link>{" "}
            <span className="muted">{b.requirement_name ?? ""}</span>
          </li>
        ))}
      </RecordRows>
    </Card>
  );
}
