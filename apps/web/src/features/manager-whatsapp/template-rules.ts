// The template dialog's rules: the server's own schema (templateFormSchema in core), its messages by field.
import { templateFormSchema, type AnswerType, type NotificationKind } from "@taller/core";
import { inSpanish } from "../../lib/zod-spanish";

export interface TemplateDraft {
  name: string;
  answer_type: AnswerType | null;
  text: string;
  show_order: boolean;
  show_budget: boolean;
  whatsapp_active: boolean;
  fills: string[];
}

/** The form's messages by field ("name", "text", "answer_type", "fills.0"…), from the server's schema. */
export function templateErrors(
  companyId: number,
  notification: NotificationKind,
  draft: TemplateDraft,
): Record<string, string> {
  inSpanish();
  const r = templateFormSchema.safeParse({
    ...draft,
    company_id: companyId,
    notification,
    answer_type: draft.answer_type ?? undefined,
  });
  const out: Record<string, string> = {};
  if (!r.success) for (const issue of r.error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}
