// zod in a form, with zod's messages in Spanish: the resolver a form needs only once it validates (lib/forms.ts loads
// this module then, since it brings zod), and what a disabled submit says is missing.
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import { inSpanish } from "./zod-spanish";

export function zodResolve<S extends z.ZodType<FieldValues, FieldValues>>(schema: S) {
  inSpanish();
  return zodResolver(schema);
}

/**
 * The first thing `values` lack for `schema`, as the schema's own message (null when they fit): what a submit
 * button disabled until the form is complete says beside it (Button's `disabledReason`).
 */
export function missingFor(schema: z.ZodType, values: unknown): string | null {
  inSpanish();
  const parsed = schema.safeParse(values);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
