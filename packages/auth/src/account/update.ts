import { profileUpdateSchema } from "@taller/core";
import { type ProfileChanges, updateProfile } from "@taller/admin";
import { hashPassword, ownPictureUrl } from "@taller/db";
import { fieldError, staffProcedure, TRPCError, withTransaction } from "@taller/trpc";
import { getProfile } from "../me";
import { lockoutMessage, reserveAttempt } from "../throttle";
import { findUserByWorkpointCode } from "../workpoint-code";

export const updateInput = profileUpdateSchema;

/**
 * Saves any part of the profile (the general-information form, the theme, the picture) and answers the profile;
 * screens showing the user hear of it through `user.updated`. The e-mail is account.changeEmail's.
 */
export const update = staffProcedure.input(updateInput).mutation(async ({ ctx, input }) => {
  const changes: ProfileChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.rut !== undefined) changes.rut = input.rut;
  if (input.theme !== undefined) changes.theme = input.theme;
  if (input.workpoint_code !== undefined) {
    // The kiosk finds the user by the code alone, so two people of one company cannot share one. 'No disponible'
    // thus tells that a coworker logs in with that code: every try counts, so codes cannot be probed quickly.
    await reserveAttempt(ctx.db, { account: `workpoint-code:${ctx.user.id}`, ip: ctx.ip }, (wait) =>
      lockoutMessage(wait, "Demasiados cambios de código"),
    );
    const owner = await findUserByWorkpointCode(ctx.db, ctx.companyId, input.workpoint_code);
    if (owner !== null && owner !== ctx.user.id) {
      throw fieldError("BAD_REQUEST", "workpoint_code", "Código no disponible, elige otro");
    }
    changes.workpointCodeHash = await hashPassword(input.workpoint_code);
  }
  if (input.picture !== undefined) {
    const picture = await ownPictureUrl(ctx.db, { companyId: ctx.companyId, userId: ctx.user.id }, input.picture);
    if (!picture) throw new TRPCError({ code: "NOT_FOUND", message: "Imagen no encontrada" });
    changes.picture = picture;
  }
  if (Object.keys(changes).length > 0) {
    await withTransaction(ctx, (tx) => updateProfile(tx, ctx.companyId, ctx.user.id, changes));
  }
  return getProfile(ctx.db, ctx.user.id, ctx.companyId);
});
