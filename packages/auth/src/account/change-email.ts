import { setEmailIfFree } from "@taller/admin";
import { emailChangeSchema } from "@taller/core";
import { staffProcedure } from "@taller/trpc";
import { lockoutMessage, reserveAttempt } from "../throttle";
import { confirmPassword } from "./confirm-credentials";

export const changeEmailInput = emailChangeSchema;

/** The one answer, whether the address was free (and is now the login), taken by someone else, or already ours. */
export const EMAIL_CHANGE_ANSWER = { message: "Si el correo está disponible, quedará asociado a tu cuenta." } as const;

/**
 * Changes the login e-mail without telling whether another account uses the address: taken or free, the answer is
 * the same, no event is published, and the same statements run (one conditional UPDATE that writes the row either
 * way), so neither the answer, the user's event stream nor the timing differ. The account holder can still learn it
 * from the profile afterwards (an immediate change cannot hide that; a verification mail to the new address will,
 * once a mail adapter exists), so this oracle is bounded: it takes the current password (a stolen session cannot
 * probe) and every request counts against a per-user limit (5 in a row, then one per 5 minutes, like the lockout).
 */
export const changeEmail = staffProcedure.input(changeEmailInput).mutation(async ({ ctx, input }) => {
  await reserveAttempt(ctx.db, { account: `mail-change:${ctx.user.id}`, ip: ctx.ip }, (wait) =>
    lockoutMessage(wait, "Demasiados cambios de correo"),
  );
  await confirmPassword(ctx, input.password);
  await setEmailIfFree(ctx.db, ctx.user.id, input.mail);
  return EMAIL_CHANGE_ANSWER;
});
