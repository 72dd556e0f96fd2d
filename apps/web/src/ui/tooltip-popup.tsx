/** The Radix tooltip behind `Tooltip` (tooltip.tsx), loaded after the first paint. */
import { Tooltip as TooltipPrimitive } from "radix-ui";
import type { TooltipProps } from "./tooltip";

export default function TooltipPopup({ content, side = "bottom", children }: TooltipProps) {
  // A provider per tooltip rather than one at the root keeps tooltip code out of pages that show none (the login).
  return (
    <TooltipPrimitive.Provider delayDuration={400}>
      <TooltipPrimitive.Root>
        <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content className="tooltip" side={side} sideOffset={6}>
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
