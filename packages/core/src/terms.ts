/**
 * The company's own words for what it works on, whom for and the document it opens (seed 000 section 1: "The
 * company's own terms for vehicle, client, order and crm are configurable and appear in titles and empty messages").
 * Every screen that names one of them takes it from here, so a company that works on 'Bicicletas' never reads
 * 'vehículos'.
 */

export type TermKey = "object" | "client" | "order" | "crm";
/** What a company's preferences hold per term (company.ts validates it). */
export type Terms = Record<TermKey, { singular: string; plural: string }>;

/** One term as a sentence needs it: 'Bicicleta' / 'Bicicletas' in titles, 'bicicleta' / 'bicicletas' inside one. */
export interface TermWords {
  one: string;
  many: string;
  oneLower: string;
  manyLower: string;
}

/** The terms a company has before its administrator names them (seed 000: vehicles, clients, work orders). */
export const DEFAULT_TERMS: Terms = {
  object: { singular: "Vehículo", plural: "Vehículos" },
  client: { singular: "Cliente", plural: "Clientes" },
  order: { singular: "Orden de Trabajo", plural: "Órdenes de Trabajo" },
  crm: { singular: "CRM", plural: "CRM" },
};

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
  return { one, many, oneLower: lowerTerm(one), manyLower: lowerTerm(many) };
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
