// 'Subir CAF': a folio range the SII authorized, from its XML file. The file is parsed (type, range, issuer) and
// kept whole; a range overlapping one already loaded for the type is refused by the database (exclusion constraint),
// so a file uploaded twice adds nothing.
import { invoiceFolioRanges } from "@taller/db";
import { can, fieldError, findPgCode, staffProcedure } from "@taller/trpc";
import { z } from "zod";
import { CAF_MAX_BYTES, parseCaf } from "./caf";
import { folioStock } from "./folios";
import { loadDteConfig } from "./provider";

export const uploadCafInput = z.object({
  xml: z.string().min(1, "Elige el archivo CAF").max(CAF_MAX_BYTES, "El archivo es demasiado grande para ser un CAF"),
});

export const uploadCaf = staffProcedure
  .use(can("update", "invoice"))
  .input(uploadCafInput)
  .mutation(async ({ ctx, input }) => {
    const caf = parseCaf(input.xml);
    if ("error" in caf) throw fieldError("BAD_REQUEST", "xml", caf.error);
    const config = await loadDteConfig(ctx.db, ctx.companyId);
    if (config && config.issuer.rut !== caf.issuerRut)
      throw fieldError(
        "BAD_REQUEST",
        "xml",
        `El CAF es del RUT ${caf.issuerRut}, no del emisor configurado (${config.issuer.rut})`,
      );
    try {
      await ctx.db.insert(invoiceFolioRanges).values({
        companyId: ctx.companyId,
        dteType: caf.dteType,
        firstFolio: caf.first,
        lastFolio: caf.last,
        nextFolio: caf.first,
        issuerRut: caf.issuerRut,
        authorizedOn: caf.authorizedOn,
        cafXml: input.xml,
        createdBy: ctx.user.id,
      });
    } catch (error) {
      if (findPgCode(error) === "23P01")
        throw fieldError("CONFLICT", "xml", "Ese rango de folios ya está cargado (o se superpone con otro CAF)");
      throw error;
    }
    return folioStock(ctx.db, ctx.companyId);
  });
