/**
 * A tooltip on hover and keyboard focus (Radix Tooltip).
 *
 *   <Tooltip content="Abrir chat"><button>…</button></Tooltip>
 *
 * The child must accept a ref (a DOM element or a component that forwards it). Radix Tooltip and the positioning
 * it brings (~10 KB gzipped) load after the first paint: until then the child shows without its tooltip, so the
 * staff shell's toolbar does not wait for it (docs/performance.md#the-web-app).
 */
import type { ReactElement, ReactNode } from "react";
import { lazyComponent } from "../lib/lazy-component";

export interface TooltipProps {
  content: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  children: ReactElement;
}

// Until its code is in, and if it did not arrive, the child shows as it is: not the page in an error.
export const Tooltip = lazyComponent(() => import("./tooltip-popup").then((m) => m.default), {
  placeholder: (props) => props.children,
  onFailure: (props) => props.children,
});
