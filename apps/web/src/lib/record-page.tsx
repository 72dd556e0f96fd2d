/**
 * The frame of a record's own page (/main/orders/{id}, /main/bookings/{id}, /main/vehicles/{id}, /main/budgets/{id}):
 * the way back, the id read from the route (anything but a whole number the database can hold is 'not found' without
 * asking the server), and the record's query told apart as loading, found, not found, forbidden, or failed with
 * 'Reintentar'.
 *
 *   <RecordPage className="order-page" back="/main/orders" what="la orden" notFound={notFoundText(terms.order)}
 *     useRecord={useOrder}>{(order) => <OrderView order={order} />}</RecordPage>
 *
 * `useRecord` is the page's hook that asks for the record (and keeps it fresh); it runs only with a valid id.
 */
import { isRecordId } from "@taller/core";
import { Link, type LinkProps, useParams } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { PageLoader } from "../ui/spinner";
import { errorCode } from "./api";
import { type LoadingQuery, QueryFailed } from "./load-state";

interface RecordProps<T> {
  what: string;
  notFound: string;
  useRecord(id: number): LoadingQuery<T>;
  children(record: T): ReactNode;
}

export function RecordPage<T>({
  className,
  back,
  backLabel = "Volver",
  ...record
}: RecordProps<T> & { className: string; back: LinkProps["to"]; backLabel?: string }) {
  const { id } = useParams({ strict: false });
  const recordId = Number(id);
  return (
    <div className={className}>
      <Link to={back} className="btn btn-text record-back">
        <ArrowLeft size={18} aria-hidden />
        {backLabel}
      </Link>
      {isRecordId(recordId) ? <RecordLoader id={recordId} {...record} /> : <RecordProblem text={record.notFound} />}
    </div>
  );
}

/** The record's states without the page around it (a dialog showing the record uses it too). */
export function RecordLoader<T>({ id, what, notFound, useRecord, children }: RecordProps<T> & { id: number }) {
  const query = useRecord(id);
  if (query.data !== undefined) return children(query.data);
  if (!query.isError) return <PageLoader />;
  const code = errorCode(query.error);
  if (code === "NOT_FOUND") return <RecordProblem text={notFound} />;
  if (code === "FORBIDDEN") return <RecordProblem text="No tienes acceso a esta información." />;
  return <QueryFailed query={query} what={what} />;
}

function RecordProblem({ text }: { text: string }) {
  return (
    <div className="status-page">
      <h1>{text}</h1>
    </div>
  );
}
