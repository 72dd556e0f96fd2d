/**
 * A tooltip on hover and keyboard focus (Radix Tooltip).
 *
 *   <Tooltip content="Abrir chat"><button>…</button></Tooltip>
 *
 * The child must accept a ref (a DOM element or a component that forwards it). Radix Tooltip and the positioning
 * it brings (~10 KB gzipped) load after the first paint: until then the child shows without its tooltip, so the
 * staff shell's toolbar does not wait for it (docs/performance.md#the-web-app).
 */
import { Suspense, type ReactElement, type ReactNode } from "react";
import { lazyComponent } from "../lib/lazy-component";

export interface TooltipProps {
  content: ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  children: ReactElement;
}

// A tooltip whose code did not arrive leaves its child as it is, not the page in an error.
const TooltipPopup = lazyComponent(
  () => import("./tooltip-popup").then((m) => m.default),
  (props: TooltipProps) => props.children,
);

export function Tooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <TooltipPopup {...props} />
    </Suspense>
  );
}
