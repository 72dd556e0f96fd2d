// The profile form's schema and the current password's check, loaded when the form first validates
// (useLazyZodForm): they bring zod, which the settings page's first load leaves out.
import { currentPasswordSchema, emailChangeSchema, profileUpdateSchema } from "@taller/core";
import { z } from "zod";
import { inSpanish } from "../../lib/zod-spanish";

// The server's rules, except that the code is secret and never shown: a blank one is left as it is (not sent).
// The e-mail (the login) changes through account.changeEmail, which also takes the current password.
export const profileFormSchema = profileUpdateSchema.extend({
  workpoint_code: z.preprocess((v) => (v === "" ? undefined : v), profileUpdateSchema.shape.workpoint_code),
  mail: emailChangeSchema.shape.mail,
  password: z.string().max(200),
});

/** What is wrong with the current password a change of e-mail asks for (null: nothing). */
export function currentPasswordIssue(password: string): string | null {
  inSpanish();
  return currentPasswordSchema.safeParse(password).error?.issues[0]?.message ?? null;
}
