// The administration's limits and refusals, apart from its form schemas (admin-setup.ts): the status rules of orders
// and budgets name them without loading zod.
import type { TermWords } from "./terms";

/** Statuses a company may have per type, requirements it may have: far beyond a workshop's needs, one page each. */
export const MAX_STATUSES_PER_TYPE = 50;
export const MAX_REQUIREMENTS = 500;

export const ADMIN_SETUP_TEXTS = {
  statusNotFound: "Estado no encontrado",
  statusTaken: "Ya existe un estado con ese nombre",
  statusInUse: "No se puede eliminar: hay documentos con este estado",
  statusOtherType: "El estado no es del mismo tipo",
  tooManyStatuses: `No se pueden crear más de ${MAX_STATUSES_PER_TYPE} estados de un tipo`,
  reorderStale: "La lista de estados cambió: recarga la página",
  requirementNotFound: "Requerimiento no encontrado",
  requirementTaken: "Ya existe un requerimiento con ese nombre",
  requirementInUse: "No se puede eliminar: hay documentos con este requerimiento",
  tooManyRequirements: `No se pueden crear más de ${MAX_REQUIREMENTS} requerimientos`,
  unknownRequirement: "Requerimiento inválido",
  unknownSpeciality: "Especialidad inválida",
  transitionNotAllowed: "Este cambio de estado no está permitido",
  cancelNotOrder: (order: TermWords) => `Solo un estado de ${order.oneLower} puede ser el de anulación`,
  cancelNotFinished: "El estado de anulación debe estar marcado como finalizado",
  approveNotBudget: "Solo un estado de presupuesto puede ser el de aprobación",
  approveNotFinished: "El estado de aprobación debe estar marcado como finalizado",
} as const;
