import { fileIdFromUrl, fileUrl, isImageType, profileUpdateSchema } from "@taller/core";
import { files, hashPassword, users } from "@taller/db";
import { fieldError, staffProcedure, TRPCError } from "@taller/trpc";
import { and, eq, ne } from "drizzle-orm";
import { getProfile } from "../me";
import { findUserByWorkpointCode } from "../workpoint-code";

export const updateInput = profileUpdateSchema;

/** Saves any part of the profile (the general-information form, the theme, the picture) and answers the profile. */
export const update = staffProcedure.input(updateInput).mutation(async ({ ctx, input }) => {
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.rut !== undefined) changes.rut = input.rut;
  if (input.theme !== undefined) changes.theme = input.theme;
  if (input.mail !== undefined) {
    // E-mail is the login, unique across companies.
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.mail), ne(users.id, ctx.user.id)))
      .limit(1);
    if (taken) throw fieldError("BAD_REQUEST", "mail", "El correo ya está en uso");
    changes.email = input.mail;
  }
  if (input.workpoint_code !== undefined) {
    // The kiosk finds the user by the code alone, so two people of one company cannot share one.
    const owner = await findUserByWorkpointCode(ctx.db, ctx.companyId, input.workpoint_code);
    if (owner !== null && owner !== ctx.user.id) {
      throw fieldError("BAD_REQUEST", "workpoint_code", "Código no disponible, elige otro");
    }
    changes.workpointCodeHash = await hashPassword(input.workpoint_code);
  }
  if (input.picture !== undefined) {
    const id = fileIdFromUrl(input.picture);
    const [file] = id
      ? await ctx.db
          .select({ id: files.id, contentType: files.contentType })
          .from(files)
          .where(and(eq(files.id, id), eq(files.companyId, ctx.companyId), eq(files.userId, ctx.user.id)))
          .limit(1)
      : [];
    if (!file || !isImageType(file.contentType)) throw new TRPCError({ code: "NOT_FOUND", message: "Imagen no encontrada" });
    changes.picture = fileUrl(file.id);
  }
  if (Object.keys(changes).length > 0) {
    await ctx.db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(users.id, ctx.user.id), eq(users.companyId, ctx.companyId)));
  }
  return getProfile(ctx.db, ctx.user.id, ctx.companyId);
});
