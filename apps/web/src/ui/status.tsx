/**
 * Statuses on screen: a coloured dot, a badge (dot and name), and the strip of status boxes above a list.
 *
 *   <StatusDot color="#4caf50" label="Entregado" />
 *   <StatusBadge color="#4caf50" name="Entregado" />
 *
 * A strip of status boxes with counts above a list (orders, vehicles); pressing one toggles that status in the
 * list's filter. Pressed boxes are the statuses the list shows.
 *
 *   <StatusBoxes label="Estados" boxes={[{ id: 1, name: "Sin orden", color: "#9e9e9e", count: 12 }]}
 *                selected={[1, 2]} onToggle={(id) => setFilter(toggleId(filter, id))} />
 *
 * A count still loading shows as "–".
 */
import { formatNumber } from "@taller/core";
import type { CSSProperties } from "react";
import "./lists.css";

export interface StatusBox {
  id: number;
  name: string;
  color: string;
  count: number | undefined;
}

export interface StatusBoxesProps {
  label: string;
  boxes: readonly StatusBox[];
  selected: readonly number[];
  onToggle(id: number): void;
}

export function StatusBoxes({ label, boxes, selected, onToggle }: StatusBoxesProps) {
  return (
    <div className="status-boxes" role="group" aria-label={label}>
      {boxes.map((box) => (
        <button
          key={box.id}
          type="button"
          className="status-box"
          aria-pressed={selected.includes(box.id)}
          style={{ "--status-color": box.color } as CSSProperties}
          onClick={() => onToggle(box.id)}
        >
          <span className="status-box-count">{box.count === undefined ? "–" : formatNumber(box.count)}</span>
          <span className="status-box-name">{box.name}</span>
        </button>
      ))}
    </div>
  );
}

/** A coloured dot naming a status to assistive technology and on hover. */
export function StatusDot({ color, label }: { color: string; label: string }) {
  return <span className="status-dot" role="img" aria-label={label} title={label} style={{ background: color }} />;
}

/** A status as a small pill: its dot and its name. */
export function StatusBadge({ color, name }: { color: string; name: string }) {
  return (
    <span className="status-badge" style={{ "--status-color": color } as CSSProperties}>
      <span className="status-dot" aria-hidden style={{ background: color }} />
      {name}
    </span>
  );
}
