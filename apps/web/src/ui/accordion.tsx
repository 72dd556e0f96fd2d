/**
 * Panels that open and close (Radix Accordion: each header is a button with aria-expanded, arrow keys move between
 * headers). Several may be open at once.
 *
 *   <Accordion defaultOpen={["general"]}>
 *     <AccordionPanel value="general" title="General">…</AccordionPanel>
 *   </Accordion>
 */
import { Accordion as AccordionPrimitive } from "radix-ui";
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

export function Accordion({ defaultOpen, children }: { defaultOpen: string[]; children: ReactNode }) {
  return (
    <AccordionPrimitive.Root type="multiple" defaultValue={defaultOpen} className="accordion">
      {children}
    </AccordionPrimitive.Root>
  );
}

export function AccordionPanel({ value, title, children }: { value: string; title: ReactNode; children: ReactNode }) {
  return (
    <AccordionPrimitive.Item value={value} className="accordion-item">
      <AccordionPrimitive.Header className="accordion-header">
        <AccordionPrimitive.Trigger className="accordion-trigger">
          <span>{title}</span>
          <ChevronDown size={18} aria-hidden className="accordion-chevron" />
        </AccordionPrimitive.Trigger>
      </AccordionPrimitive.Header>
      <AccordionPrimitive.Content className="accordion-content">{children}</AccordionPrimitive.Content>
    </AccordionPrimitive.Item>
  );
}
