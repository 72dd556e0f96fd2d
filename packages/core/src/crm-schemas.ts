// The CRM's zod schemas, apart from its constants (crm.ts): a screen that reads only the constants (the CRM's lists)
// does not load zod with them.
import { z } from "zod";
import { CRM_KINDS } from "./booking";
import { CLIENT_TEXTS, CRM_CATEGORIES, CRM_DATE_RANGES, formatChileanPhone } from "./crm";
import { listSearchSchema, optionalText } from "./fields";
import { idSchema as id } from "./ids";
import { formatRut, isValidRut } from "./rut";

/** The management lists' and KPIs' filters (seed 001 section 3 'Filter', plus search and the shell's locations). */
export const crmFiltersSchema = z.object({
  kind: z.enum(CRM_KINDS),
  /** Categories shown; absent: all of the kind's. An empty list matches nothing. */
  status: z.array(z.enum(CRM_CATEGORIES)).max(5).nullish(),
  date_range: z.enum(CRM_DATE_RANGES).default("all_time"),
  /** retentions/{id}, absences/{id}: the list filtered to that management. */
  id: id.nullish(),
  search: listSearchSchema,
  location_ids: z.array(id).max(100).nullish(),
});
export type CrmFilters = z.input<typeof crmFiltersSchema>;

/**
 * A client's data as the create and edit forms send it (crm.createClient, crm.updateClient): the RUT checked by its
 * módulo 11 digit and stored formatted ("12.345.678-5", so one person has one spelling and the unique index holds),
 * the phone stored as "+56 9 1234 5678"; an empty optional field is stored as null.
 */
export const clientDataSchema = z.object({
  name: z.string().trim().min(1, "Ingresa el nombre").max(200),
  rut: optionalText(20).pipe(
    z.string().refine(isValidRut, { error: CLIENT_TEXTS.badRut }).transform(formatRut).nullable(),
  ),
  email: optionalText(200).pipe(z.email({ error: CLIENT_TEXTS.badEmail }).nullable()),
  phone: optionalText(40).pipe(
    z
      .string()
      .transform(
        (v, ctx) =>
          formatChileanPhone(v) ?? (ctx.addIssue({ code: "custom", message: CLIENT_TEXTS.badPhone }), z.NEVER),
      )
      .nullable(),
  ),
  address: optionalText(300),
  city: optionalText(100),
});
/** The client page's edit (crm.updateClient); the rating is set from the list. */
export const clientUpdateSchema = clientDataSchema.extend({ id, rating: z.number().int().min(0).max(5).optional() });
/** Two records of one person: `from` goes into `into` (crm.mergeClients). */
export const clientMergeSchema = z
  .object({ into: id, from: id })
  .refine((v) => v.into !== v.from, { path: ["from"], error: CLIENT_TEXTS.mergeSame });
