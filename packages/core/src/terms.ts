/**
 * The company's own words for what it works on, whom for and the document it opens (seed 000 section 1: "The
 * company's own terms for vehicle, client, order and crm are configurable and appear in titles and empty messages").
 * Every screen that names one of them takes it from here, so a company that works on 'Bicicletas' never reads
 * 'vehículos'.
 */

export type TermKey = "object" | "client" | "order" | "crm";
/** A noun's grammatical gender: what 'este'/'esta', 'el'/'la', 'nuevo'/'nueva' agree with. */
export type TermGender = "m" | "f";
/**
 * What a company's preferences hold per term (company.ts validates it). Without a gender (companies that named their
 * terms before it could be chosen) the singular's form decides (`guessGender`).
 */
export type Terms = Record<TermKey, { singular: string; plural: string; gender?: TermGender }>;

/** One term as a sentence needs it: 'Bicicleta' / 'Bicicletas' in titles, 'bicicleta' / 'bicicletas' inside one. */
export interface TermWords {
  one: string;
  many: string;
  oneLower: string;
  manyLower: string;
  gender: TermGender;
}

/** The terms a company has before its administrator names them (seed 000: vehicles, clients, work orders). */
export const DEFAULT_TERMS: Terms = {
  object: { singular: "Vehículo", plural: "Vehículos", gender: "m" },
  client: { singular: "Cliente", plural: "Clientes", gender: "m" },
  order: { singular: "Orden de Trabajo", plural: "Órdenes de Trabajo", gender: "f" },
  crm: { singular: "CRM", plural: "CRM", gender: "m" },
};

// Feminine nouns that do not end in -a, and masculine ones that do: the common exceptions to the rule of thumb.
const FEMININE = new Set(["moto", "foto", "mano", "orden", "radio", "flor", "nave", "llave", "clase", "gente"]);
const MASCULINE = new Set(["día", "mapa", "sistema", "problema", "tema", "programa", "idioma", "planeta", "camión"]);

/**
 * The gender a term's first word most likely has: '-a', '-ión', '-dad', '-tad', '-tud', '-umbre' are feminine, the
 * rest masculine, with the common exceptions. Only a default: the administrator chooses it beside the term.
 */
export function guessGender(singular: string): TermGender {
  const word = (singular.trim().split(/\s+/)[0] ?? "").toLowerCase();
  if (FEMININE.has(word)) return "f";
  if (MASCULINE.has(word)) return "m";
  return /(?:a|ión|dad|tad|tud|umbre)$/.test(word) ? "f" : "m";
}

/** The word that agrees with the term: `agree(object, "Este", "Esta")` is 'Esta' for 'Bicicleta'. */
export const agree = (term: TermWords, masculine: string, feminine: string) =>
  term.gender === "f" ? feminine : masculine;

/** The term with its article inside a sentence: 'la orden de trabajo', 'el trabajo'. */
export const theTerm = (term: TermWords) => `${agree(term, "el", "la")} ${term.oneLower}`;
/** The same opening a sentence: 'La orden de trabajo', 'El trabajo'. */
export const TheTerm = (term: TermWords) => `${agree(term, "El", "La")} ${term.oneLower}`;

/**
 * The order's short name before its number or in a label: the spec's 'Orden' ('Orden #12', 'N° Orden', 'Sin orden')
 * for the default term, the company's own word otherwise ('Reparación #12').
 */
export const orderShort = (order: TermWords) => (order.one === DEFAULT_TERMS.order.singular ? "Orden" : order.one);
/** The orders' short plural: the spec's 'Órdenes' for the default term, the company's own plural otherwise. */
export const ordersShort = (order: TermWords) => (order.one === DEFAULT_TERMS.order.singular ? "Órdenes" : order.many);
/** An order by its number: 'Orden #12', 'Reparación #12'. */
export const orderNumberText = (order: TermWords, n: number | string) => `${orderShort(order)} #${n}`;

/** A term inside a sentence: lower case, except acronyms ('CRM', 'OT') and words with capitals inside ('iPhone'). */
export function lowerTerm(text: string): string {
  return text
    .split(/(\s+)/)
    .map((word) => (/^\p{L}\p{Ll}*$/u.test(word) ? word.toLowerCase() : word))
    .join("");
}

export function termWords(term: Terms[TermKey]): TermWords {
  const one = term.singular.trim();
  const many = term.plural.trim();
  return { one, many, oneLower: lowerTerm(one), manyLower: lowerTerm(many), gender: term.gender ?? guessGender(one) };
}

/** Every term of the company in the forms of `TermWords`. */
export function companyTerms(terms: Terms): Record<TermKey, TermWords> {
  return {
    object: termWords(terms.object),
    client: termWords(terms.client),
    order: termWords(terms.order),
    crm: termWords(terms.crm),
  };
}

/**
 * A record that is not there, named in the company's words: 'Bicicleta inexistente', 'Orden de Trabajo inexistente'.
 * 'inexistente' agrees with a noun of either gender, so a company's own word needs none.
 */
export const notFoundText = (term: TermWords) => `${term.one} inexistente`;
/** A value another record holds, named by the list it is in: 'Esa patente ya está registrada en Bicicletas'. */
export const takenText = (registered: string, term: TermWords) => `${registered} en ${term.many}`;

/** The action that books the company's object: 'Agendar Vehículo', 'Agendar Bicicleta' (seed 000 section 2.8). */
export const bookObjectText = (object: TermWords) => `Agendar ${object.one}`;
/** The action that moves its booking: 'Reagendar Vehículo'. */
export const rebookObjectText = (object: TermWords) => `Reagendar ${object.one}`;

/** The recall marker's text (seed 002: 'Este {object} tiene un recall'), agreeing with the company's word. */
export const recallText = (object: TermWords) => `${agree(object, "Este", "Esta")} ${object.oneLower} tiene un recall`;
