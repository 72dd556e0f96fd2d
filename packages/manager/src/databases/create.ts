/**
 * 'Crear nueva base de datos' (seed 002 section 2.7): Nombre, Tipo (Tablas), the uploaded workbook, 'Hoja a importar'
 * and the column mapping. The chosen sheet becomes JSON in the file store; every mapped column must be in its header.
 */
import { DATABASE_FILE_KEY, databaseKeysSchema, databaseNameSchema, databaseSheetSchema } from "@taller/core";
import { managerDatabases } from "@taller/db";
import { managerProcedure } from "@taller/trpc";
import { z } from "zod";
import { sheetData } from "./sheet-data";

export const uploadKeySchema = z
  .string()
  .max(60)
  .regex(DATABASE_FILE_KEY, "Sube el archivo Excel")
  .refine((k) => k.endsWith(".xlsx"), "Sube el archivo Excel");

export const createDatabaseSchema = z.object({
  name: databaseNameSchema,
  dbType: z.literal("tables"),
  upload: uploadKeySchema,
  sheet: databaseSheetSchema,
  keys: databaseKeysSchema,
});

export const create = managerProcedure.input(createDatabaseSchema).mutation(async ({ ctx, input }) => {
  const data = await sheetData(input.upload, input.sheet, input.keys);
  const [row] = await ctx.db
    .insert(managerDatabases)
    .values({
      name: input.name,
      dbType: input.dbType,
      sheet: input.sheet,
      keys: input.keys,
      workbookKey: input.upload,
      ...data,
    })
    .returning({ id: managerDatabases.id });
  return row;
});
