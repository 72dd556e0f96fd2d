import { agree, DEFAULT_TERMS, lowerTerm, orderShort, termWords, type Terms, type TermWords } from "./terms";

// Vehicles vocabulary shared by the server and the web app (seed 000 sections 2.8 and 4). A vehicle's status is
// derived from its orders and bookings, never stored.

export const VEHICLE_STATUS = { SIN_ORDEN: 1, AGENDADO: 2, CON_ORDEN: 3 } as const;
export type VehicleStatus = (typeof VEHICLE_STATUS)[keyof typeof VEHICLE_STATUS];
export const VEHICLE_STATUSES = [VEHICLE_STATUS.SIN_ORDEN, VEHICLE_STATUS.AGENDADO, VEHICLE_STATUS.CON_ORDEN] as const;

/**
 * The status boxes, in order, with their names and colours: the spec's 'Sin orden', 'Agendado', 'Con orden' in the
 * company's words ('Sin reparación', 'Agendada' for a 'Bicicleta').
 */
export function vehicleStatusBoxes(terms: { object: TermWords; order: TermWords }) {
  const order = lowerTerm(orderShort(terms.order));
  return [
    { id: VEHICLE_STATUS.SIN_ORDEN, name: `Sin ${order}`, color: "#9e9e9e" },
    { id: VEHICLE_STATUS.AGENDADO, name: agree(terms.object, "Agendado", "Agendada"), color: "#1e88e5" },
    { id: VEHICLE_STATUS.CON_ORDEN, name: `Con ${order}`, color: "#43a047" },
  ];
}

/** The list's filter when nothing is stored: Sin orden and Agendado. */
export const DEFAULT_VEHICLE_FILTER: VehicleStatus[] = [VEHICLE_STATUS.SIN_ORDEN, VEHICLE_STATUS.AGENDADO];

/**
 * A vehicle's identifier rule: a company whose object is the default 'Vehículo' writes Chilean plates (old AB1234,
 * new BCDF12); one that named its object otherwise ('Bicicleta') writes free identifiers (a frame number).
 */
export function usesPlates(objectTerm: { singular: string }): boolean {
  return foldTerm(objectTerm.singular) === foldTerm(DEFAULT_TERMS.object.singular);
}
const foldTerm = (text: string) =>
  text
    .trim()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/**
 * The labels of an object's identifying fields, in the company's words: a vehicle's 'Patente' (with its formats) and
 * 'Chasis'; another object's identifier and serial number named with its term ('Identificador de bicicleta'). The
 * reception and the vehicle's form and page label them from here.
 */
export function objectFieldLabels(objectTerm: Terms["object"]) {
  const plates = usesPlates(objectTerm);
  const object = termWords(objectTerm).oneLower;
  return {
    plates,
    identifier: plates ? "Patente" : `Identificador de ${object}`,
    identifierHint: plates ? "AB1234 o BCDF12" : undefined,
    chassis: plates ? "Chasis" : `N° de serie de ${object}`,
    /** The kilometres field's hint with the last reading, already formatted ('45.000'). */
    lastKms: (kms: string) => (plates ? `Último: ${kms} km` : `Último de ${object}: ${kms} km`),
  };
}

export const VEHICLE_TEXTS = {
  badPlate: "Patente inválida (AB1234 o BCDF12)",
  /** Followed by the list it is in (takenText): 'Esa patente ya está registrada en Vehículos'. */
  plateTaken: "Esa patente ya está registrada",
  badIdentifier: "Identificador inválido",
  identifierTaken: "Ya existe otro registro con ese identificador",
  saved: "Datos guardados",
  brandNotFound: "Marca no encontrada",
  modelNotFound: "Modelo no encontrado",
} as const;

/** As stored: upper case, a plate without the spaces, dots and hyphens people write in it. */
export function normalizeIdentifier(value: string, plates: boolean): string {
  const upper = value.trim().toUpperCase();
  return plates ? upper.replace(/[\s.\-·]/g, "") : upper.replace(/\s+/g, " ");
}

/** Chilean plates: two letters and four digits (before 2007), or four letters and two digits. */
export const isChileanPlate = (plate: string) => /^(?:[A-Z]{2}\d{4}|[A-Z]{4}\d{2})$/.test(plate);

/** The identifier's field error for the company's rule, or null when it is valid (already normalized). */
export function identifierError(identifier: string, plates: boolean): string | null {
  if (plates) return isChileanPlate(identifier) ? null : VEHICLE_TEXTS.badPlate;
  return /^[\p{L}\d][\p{L}\d .\-/]{0,29}$/u.test(identifier) ? null : VEHICLE_TEXTS.badIdentifier;
}
