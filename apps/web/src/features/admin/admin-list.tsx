/**
 * A list of the administration: loading, a failed load, nothing yet, or the table with its column headers and a
 * last, unnamed column for each row's actions.
 *
 *   <AdminList query={roles} what="los roles" headers={["Nombre", "Permisos"]}>{(rows) => rows.map(…<tr>…)}</AdminList>
 */
import type { ReactNode } from "react";
import { Spinner } from "../../ui/spinner";

export function AdminList<T>({
  query,
  what,
  headers,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: readonly T[] | undefined };
  what: string;
  headers: readonly string[];
  empty?: string;
  children: (rows: readonly T[]) => ReactNode;
}) {
  if (query.isPending) return <Spinner label="Cargando…" />;
  if (query.isError || !query.data) return <p role="alert">No se pudieron cargar {what}.</p>;
  if (query.data.length === 0 && empty) return <p>{empty}</p>;
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {headers.map((h) => (
            <th key={h}>{h}</th>
          ))}
          <th>
            <span className="visually-hidden">Acciones</span>
          </th>
        </tr>
      </thead>
      <tbody>{children(query.data)}</tbody>
    </table>
  );
}
