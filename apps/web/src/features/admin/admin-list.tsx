/**
 * A list of the administration: loading, a failed load, nothing yet, or the table with its column headers and a
 * last, unnamed column for each row's actions.
 *
 *   <AdminList query={roles} what="los roles" headers={["Nombre", "Permisos"]}>{(rows) => rows.map(…<tr>…)}</AdminList>
 */
import type { ReactNode } from "react";
import { type LoadingQuery, QueryState } from "../../lib/load-state";
import { ScrollTable } from "../../ui/scroll-table";

export function AdminList<T>({
  query,
  what,
  headers,
  empty,
  children,
}: {
  query: LoadingQuery<readonly T[]>;
  what: string;
  headers: readonly string[];
  empty?: string;
  children: (rows: readonly T[]) => ReactNode;
}) {
  return (
    <QueryState query={query} what={what} inline empty={(rows) => rows.length === 0 && empty && <p>{empty}</p>}>
      {(rows) => (
        <ScrollTable className="admin-table">
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
          <tbody>{children(rows)}</tbody>
        </ScrollTable>
      )}
    </QueryState>
  );
}
