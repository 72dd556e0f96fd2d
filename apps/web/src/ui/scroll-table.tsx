/**
 * Every plain table of the app: it may be wider than its place, so it scrolls sideways inside its own box (never the
 * page), its headers whole and its first column fixed (`.table-scroll`, ui.css). Lint refuses a bare `<table>`
 * anywhere else (tooling/eslint/base.js).
 *
 *   <ScrollTable className="admin-table" aria-label="Roles"><thead>…</thead><tbody>…</tbody></ScrollTable>
 */
import type { TableHTMLAttributes } from "react";

export function ScrollTable({
  boxClassName,
  ...table
}: TableHTMLAttributes<HTMLTableElement> & { boxClassName?: string }) {
  return (
    <div className={boxClassName ? `table-scroll ${boxClassName}` : "table-scroll"}>
      <table {...table} />
    </div>
  );
}
