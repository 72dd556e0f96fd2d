import { describe, expect, it } from "vitest";
import {
  agree,
  bookObjectText,
  companyTerms,
  DEFAULT_TERMS,
  guessGender,
  lowerTerm,
  notFoundText,
  objectFieldLabels,
  ORDER_TEXTS,
  WHATSAPP_TEXTS,
  rebookObjectText,
  recallText,
  takenText,
  termWords,
} from "../src/index";

describe("the company's terms", () => {
  it("gives each term as a title and inside a sentence", () => {
    expect(termWords({ singular: "Bicicleta", plural: "Bicicletas" })).toEqual({
      one: "Bicicleta",
      many: "Bicicletas",
      oneLower: "bicicleta",
      manyLower: "bicicletas",
      gender: "f",
    });
    expect(companyTerms(DEFAULT_TERMS).order).toEqual({
      one: "Orden de Trabajo",
      many: "Órdenes de Trabajo",
      oneLower: "orden de trabajo",
      manyLower: "órdenes de trabajo",
      gender: "f",
    });
  });

  it("keeps acronyms and inner capitals inside a sentence", () => {
    expect(lowerTerm("CRM")).toBe("CRM");
    expect(lowerTerm("Equipos TI")).toBe("equipos TI");
    expect(lowerTerm("Equipos iPhone")).toBe("equipos iPhone");
  });

  it("trims what an administrator typed around a term", () => {
    expect(termWords({ singular: " Moto ", plural: "Motos " }).one).toBe("Moto");
  });

  it("names the booking actions after the object", () => {
    const terms = companyTerms({ ...DEFAULT_TERMS, object: { singular: "Bicicleta", plural: "Bicicletas" } });
    expect(bookObjectText(terms.object)).toBe("Agendar Bicicleta");
    expect(rebookObjectText(terms.object)).toBe("Reagendar Bicicleta");
    expect(bookObjectText(companyTerms(DEFAULT_TERMS).object)).toBe("Agendar Vehículo");
  });

  it("labels the object's identifying fields with the company's word, a vehicle's with plate and chassis", () => {
    const vehicle = objectFieldLabels(DEFAULT_TERMS.object);
    expect([vehicle.identifier, vehicle.identifierHint, vehicle.chassis, vehicle.lastKms("45.000")]).toEqual([
      "Patente",
      "AB1234 o BCDF12",
      "Chasis",
      "Último: 45.000 km",
    ]);
    const bicycle = objectFieldLabels({ singular: "Bicicleta", plural: "Bicicletas" });
    expect([bicycle.identifier, bicycle.identifierHint, bicycle.chassis, bicycle.lastKms("1.200")]).toEqual([
      "Identificador de bicicleta",
      undefined,
      "N° de serie de bicicleta",
      "Último de bicicleta: 1.200 km",
    ]);
  });
});

describe("server messages that name an object", () => {
  it("say what is missing, or where a value is taken, in the company's words and whatever their gender", () => {
    const bikes = termWords({ singular: "Bicicleta", plural: "Bicicletas" });
    expect(notFoundText(bikes)).toBe("Bicicleta inexistente");
    expect(notFoundText(termWords(DEFAULT_TERMS.order))).toBe("Orden de Trabajo inexistente");
    expect(notFoundText(termWords(DEFAULT_TERMS.client))).toBe("Cliente inexistente");
    expect(takenText("Esa patente ya está registrada", bikes)).toBe("Esa patente ya está registrada en Bicicletas");
  });

  it("name the orders a reception cannot open without a first status", () => {
    const repairs = termWords({ singular: "Reparación", plural: "Reparaciones" });
    expect(ORDER_TEXTS.noStatus(repairs)).toBe("La empresa no tiene estados de reparación");
    expect(ORDER_TEXTS.noStatus(termWords(DEFAULT_TERMS.order))).toBe(
      "La empresa no tiene estados de orden de trabajo",
    );
  });

  it("name the client whose WhatsApp window closed", () => {
    expect(WHATSAPP_TEXTS.outsideWindow(termWords({ singular: "Paciente", plural: "Pacientes" }))).toBe(
      "Han pasado más de 24 horas desde el último mensaje del paciente: solo se puede enviar una plantilla aprobada",
    );
  });
});

describe("a term's gender", () => {
  it("is the one chosen, else guessed from the singular's first word", () => {
    expect(termWords({ singular: "Bicicleta", plural: "Bicicletas" }).gender).toBe("f");
    expect(termWords({ singular: "Bicicleta", plural: "Bicicletas", gender: "m" }).gender).toBe("m");
    expect(["Vehículo", "Paciente", "Camión", "Sistema de riego", "Equipo"].map(guessGender)).toEqual([
      "m",
      "m",
      "m",
      "m",
      "m",
    ]);
    expect(["Moto", "Orden de Trabajo", "Reparación", "Mascota", "Unidad"].map(guessGender)).toEqual([
      "f",
      "f",
      "f",
      "f",
      "f",
    ]);
  });

  it("makes the words around it agree: the recall marker, 'del'/'de la'", () => {
    const terms = companyTerms(DEFAULT_TERMS);
    expect(recallText(terms.object)).toBe("Este vehículo tiene un recall");
    const bike = termWords({ singular: "Bicicleta", plural: "Bicicletas" });
    expect(recallText(bike)).toBe("Esta bicicleta tiene un recall");
    expect(`${agree(terms.order, "el", "la")} ${terms.order.oneLower}`).toBe("la orden de trabajo");
    expect(WHATSAPP_TEXTS.outsideWindow(termWords({ singular: "Ciclista", plural: "Ciclistas", gender: "f" }))).toBe(
      "Han pasado más de 24 horas desde el último mensaje de la ciclista: solo se puede enviar una plantilla aprobada",
    );
  });
});
