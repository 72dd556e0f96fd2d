// The company's setup as its administrator edits it at /admin (@taller/admin): statuses and their transitions,
// requirements and their CRM follow-up rule, and the preferences. One set of rules for the server's inputs and the
// screens' validation, so both say the same thing in the same words.
import { z } from "zod";
import { MODULE_KEYS } from "./company-keys";
import {
  companyPreferencesSchema,
  daysPreferencesSchema,
  statusTypeSchema,
  termGenderSchema,
  WEEKDAYS,
} from "./company";
import { parseAllowedDomains, patternToCspSource } from "./embedding";
import type { TermKey, TermWords } from "./terms";
import { MAX_STATUSES_PER_TYPE } from "./admin-texts";

const rowId = z
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A colour as the pickers write it: '#rrggbb' (stored lowercase). */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Color inválido (formato #rrggbb)")
  .transform((c) => c.toLowerCase());

const statusName = z.string().trim().min(1, "Ingresa el nombre").max(60, "Máximo 60 caracteres");
const crmCategorySchema = z.enum(["initial", "booked", "completed", "failed"], "Elige la categoría");

/** Spanish names of the Crm::Booking status categories (what a management's list category follows from). */
export const CRM_CATEGORY_NAMES = {
  initial: "Inicial",
  booked: "Agendado",
  completed: "Completado",
  failed: "Fallido",
} as const;
/** The status types as the administration names them, in the company's words ('Órdenes de Trabajo'). */
export const statusTypeNames = (terms: Pick<Record<TermKey, TermWords>, "order" | "crm">) =>
  ({ Order: terms.order.many, Budget: "Presupuestos", "Crm::Booking": `Gestiones ${terms.crm.one}` }) as const;

export const createStatusSchema = z
  .object({
    type: statusTypeSchema,
    name: statusName,
    color: hexColorSchema,
    finish: z.boolean().default(false),
    // Crm::Booking statuses only, and required there (the database's check says the same).
    crm_category: crmCategorySchema.nullable().default(null),
  })
  .superRefine((s, ctx) => {
    if ((s.type === "Crm::Booking") !== (s.crm_category !== null)) {
      ctx.addIssue({
        code: "custom",
        path: ["crm_category"],
        message: s.type === "Crm::Booking" ? "Elige la categoría" : "Solo los estados de CRM tienen categoría",
      });
    }
  });

export const updateStatusSchema = z.object({
  id: rowId,
  name: statusName.optional(),
  color: hexColorSchema.optional(),
  finish: z.boolean().optional(),
  // The order status 'Anular' moves to (one or none per company: the database's unique index); true moves the flag.
  cancel: z.boolean().optional(),
  // Budget statuses only: a finished status meaning the client accepted the budget (several may: 'Aprobado parcial').
  approve: z.boolean().optional(),
});

/** The statuses of one type in their new order: exactly the company's statuses of that type. */
export const reorderStatusesSchema = z.object({
  type: statusTypeSchema,
  ids: z
    .array(rowId)
    .min(1)
    .max(MAX_STATUSES_PER_TYPE)
    .refine((ids) => new Set(ids).size === ids.length, "Estados repetidos"),
});

/** Where a status may go next: the whole list replaces the old one (empty: the status is unrestricted). */
export const setTransitionsSchema = z.object({
  from_status_id: rowId,
  to_status_ids: z
    .array(rowId)
    .max(MAX_STATUSES_PER_TYPE)
    .refine((ids) => new Set(ids).size === ids.length, "Estados repetidos"),
});

const optionalCount = (max: number, message: string) =>
  z.number().int(message).min(1, message).max(max, message).nullable();

/** A requirement (service type) and its follow-up rule: the CRM's retention generation reads the last three. */
export const requirementFieldsSchema = z
  .object({
    name: z.string().trim().min(1, "Ingresa el nombre").max(120, "Máximo 120 caracteres"),
    duration_minutes: z
      .number()
      .int("Minutos enteros")
      .min(5, "Mínimo 5 minutos")
      .max(1440, "Máximo 1440 minutos (un día)"),
    price: z
      .number()
      .int("Monto en pesos, sin decimales")
      .min(0, "El precio no puede ser negativo")
      .max(1_000_000_000, "Precio demasiado alto"),
    speciality_id: rowId.nullable(),
    next_requirement_id: rowId.nullable(),
    next_after_months: optionalCount(120, "Entre 1 y 120 meses"),
    next_after_kms: optionalCount(1_000_000, "Entre 1 y 1.000.000 km"),
  })
  .superRefine((r, ctx) => {
    const when = r.next_after_months !== null || r.next_after_kms !== null;
    if (r.next_requirement_id !== null && !when) {
      ctx.addIssue({
        code: "custom",
        path: ["next_after_months"],
        message: "Indica después de cuántos meses o kilómetros",
      });
    }
    if (r.next_requirement_id === null && when) {
      ctx.addIssue({ code: "custom", path: ["next_requirement_id"], message: "Elige el requerimiento siguiente" });
    }
  });
export type RequirementFields = z.infer<typeof requirementFieldsSchema>;

/** A booking add-on's allowed domains: space-separated host patterns a frame-ancestors header can carry. */
export const allowedDomainsSchema = z
  .string()
  .max(1000, "Máximo 1000 caracteres")
  .transform((s) => parseAllowedDomains(s).join(" "))
  .superRefine((s, ctx) => {
    const bad = parseAllowedDomains(s).find((p) => patternToCspSource(p) === null);
    if (bad !== undefined) ctx.addIssue({ code: "custom", message: `Dominio inválido: ${bad.slice(0, 60)}` });
  });

const termText = z.string().trim().min(1, "Ingresa el texto").max(40, "Máximo 40 caracteres");
const termSchema = z.object({ singular: termText, plural: termText, gender: termGenderSchema });

/** The days preferences, with each open day's hours in order. */
export const editableDaysPreferencesSchema = daysPreferencesSchema
  .extend({ max_bookings: z.number().int().min(1).max(100) })
  .superRefine((d, ctx) => {
    for (const day of WEEKDAYS) {
      const hours = d.days[day];
      if (hours?.enabled && hours.start_time >= hours.end_time) {
        ctx.addIssue({
          code: "custom",
          path: ["days", day, "end_time"],
          message: "La hora de término debe ser posterior a la de inicio",
        });
      }
    }
  });

/** What an administrator edits of the company's preferences (the rest of the document is kept as it is). */
export const updatePreferencesSchema = z.object({
  booking_type: companyPreferencesSchema.shape.booking_type.unwrap(),
  booking_addon: z.object({ allowed_domains: allowedDomainsSchema, background_color: hexColorSchema }),
  workpoint_logout_time: z
    .number()
    .int("Segundos enteros")
    .min(0, "0 o más segundos")
    .max(86_400, "Máximo 86400 segundos (un día)"),
  terms: z.object({ object: termSchema, client: termSchema, order: termSchema, crm: termSchema }),
  modules: z
    .array(
      z.object({
        key: z.enum(MODULE_KEYS),
        name: z.string().trim().min(1, "Ingresa el nombre").max(40, "Máximo 40 caracteres"),
        visible: z.boolean(),
      }),
    )
    .max(MODULE_KEYS.length)
    .refine((m) => new Set(m.map((x) => x.key)).size === m.length, "Módulos repetidos"),
  days_preferences: editableDaysPreferencesSchema,
  // Left out: unchanged (the stock write module reads it inside its update of the balances).
  allow_negative_stock: z.boolean().optional(),
});
export type UpdatePreferences = z.infer<typeof updatePreferencesSchema>;

/** The company's logo: a picture the administrator uploaded (its /files URL), or null to go back to the initials. */
export const setLogoSchema = z.object({ logo: z.string().max(200).nullable() });
