// The company administration's roles, locations and holidays (/admin, @taller/admin): the inputs the server checks
// and the screens validate with, their Spanish labels, and the rule that keeps a company administrable.
import { z } from "zod";
import { calendarDaySchema } from "./calendar-schemas";
import { ACTIONS, RESOURCES, type Action, type Grant, type Resource } from "./permissions";
import type { TermKey, TermWords } from "./terms";

const rowId = (message: string) =>
  z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1, message);

const nameSchema = (max: number) =>
  z.string().trim().min(1, "Ingresa el nombre").max(max, `El nombre admite hasta ${max} caracteres`);

/**
 * How the grid names each resource and action (seed 002 section 6 names the resources; the labels are ours), the
 * orders, objects, clients and CRM in the company's words.
 */
export const resourceLabels = (terms: Record<TermKey, TermWords>): Record<Resource, string> => ({
  check_in: terms.order.many,
  booking: "Agenda",
  booking_block: "Bloqueos de agenda",
  work: "Trabajos",
  event: "Calendario",
  budget: "Presupuestos",
  analytics: "Reportes",
  vehicle: terms.object.many,
  client: terms.client.many,
  crm: terms.crm.many,
  inventory_action: "Inventario",
  invoice: "Facturación",
  shares: "Compartidos",
  payment: "Cobros",
  role: "Roles",
  manager: "Administración",
});
export const ACTION_LABELS: Record<Action, string> = {
  read: "Ver",
  create: "Crear",
  update: "Editar",
  destroy: "Eliminar",
};

/**
 * What an administrator needs to keep administering: open /admin (read) and change users and roles (update). With
 * these two a company can give itself back anything else, so the last active user holding them cannot lose them.
 */
export const ADMIN_GRANTS: readonly { action: Action; resource: Resource }[] = [
  { action: "read", resource: "manager" },
  { action: "update", resource: "manager" },
];

/** True when the grants hold every administering grant. */
export function administers(grants: readonly Pick<Grant, "action" | "resource">[]): boolean {
  return ADMIN_GRANTS.every((a) => grants.some((g) => g.action === a.action && g.resource === a.resource));
}

// Roles

export const roleNameSchema = nameSchema(60);
export const createRoleSchema = z.object({ name: roleNameSchema });
export const renameRoleSchema = z.object({ id: rowId("Rol inválido"), name: roleNameSchema });

export const grantInputSchema = z.object({
  action: z.enum(ACTIONS, "Acción inválida"),
  resource: z.enum(RESOURCES, "Recurso inválido"),
  restricted_to_own: z.boolean(),
});
export type GrantInput = z.infer<typeof grantInputSchema>;

/** A role's whole set of grants, replacing the previous one: at most one per (action, resource). */
export const setRoleGrantsSchema = z.object({
  id: rowId("Rol inválido"),
  grants: z
    .array(grantInputSchema)
    .max(ACTIONS.length * RESOURCES.length)
    .refine(
      (grants) => new Set(grants.map((g) => `${g.action}:${g.resource}`)).size === grants.length,
      "Hay permisos repetidos",
    ),
});

// Locations

export const locationNameSchema = nameSchema(80);
export const createLocationSchema = z.object({ name: locationNameSchema });
export const renameLocationSchema = z.object({ id: rowId("Local inválido"), name: locationNameSchema });

// Holidays

/** Years the holidays screen lists (the calendar's days: this century and the next). */
export const holidayYearSchema = z.number().int().min(2000, "Año inválido").max(2199, "Año inválido");

export const createHolidaySchema = z.object({
  date: calendarDaySchema,
  name: nameSchema(100),
  /** null: every location of the company. */
  location_id: rowId("Local inválido").nullable(),
});
