/** Vocabulary for realistic Chilean demo data. */
export const FIRST_NAMES = [
  "Juan",
  "María",
  "José",
  "Francisca",
  "Luis",
  "Camila",
  "Carlos",
  "Valentina",
  "Jorge",
  "Catalina",
  "Pedro",
  "Javiera",
  "Diego",
  "Constanza",
  "Felipe",
  "Fernanda",
  "Matías",
  "Daniela",
  "Cristián",
  "Paula",
  "Rodrigo",
  "Carolina",
  "Sebastián",
  "Antonia",
  "Nicolás",
  "Isidora",
  "Patricio",
  "Macarena",
  "Andrés",
  "Bárbara",
];
export const LAST_NAMES = [
  "González",
  "Muñoz",
  "Rojas",
  "Díaz",
  "Pérez",
  "Soto",
  "Contreras",
  "Silva",
  "Martínez",
  "Sepúlveda",
  "Morales",
  "Rodríguez",
  "López",
  "Fuentes",
  "Hernández",
  "Torres",
  "Araya",
  "Flores",
  "Espinoza",
  "Valenzuela",
  "Castillo",
  "Tapia",
  "Reyes",
  "Gutiérrez",
  "Castro",
  "Pizarro",
  "Álvarez",
  "Vásquez",
  "Sánchez",
  "Fernández",
];
export const STREETS = [
  "Av. Providencia",
  "Av. Apoquindo",
  "Av. Vicuña Mackenna",
  "Av. Grecia",
  "Los Leones",
  "Irarrázaval",
  "Av. Matta",
  "Gran Avenida",
  "Av. Pajaritos",
  "Av. Las Condes",
  "Manuel Montt",
  "Av. Independencia",
];
export const CITIES = [
  "Santiago",
  "Providencia",
  "Ñuñoa",
  "Las Condes",
  "Maipú",
  "La Florida",
  "Puente Alto",
  "Viña del Mar",
];
export const MOTOR_TYPES = ["Bencina", "Diésel", "Híbrido", "Eléctrico"];
export const COLORS = ["Blanco", "Negro", "Gris", "Plata", "Rojo", "Azul", "Verde", "Beige"];
export const BRANDS: Record<string, string[]> = {
  Toyota: ["Yaris", "Corolla", "Hilux", "RAV4"],
  Chevrolet: ["Sail", "Spark", "Tracker"],
  Hyundai: ["Accent", "Tucson", "Santa Fe"],
  Kia: ["Rio", "Morning", "Sportage"],
  Nissan: ["Versa", "Navara", "Kicks"],
  Suzuki: ["Swift", "Baleno", "Vitara"],
  Peugeot: ["208", "2008", "3008"],
  Mazda: ["3", "CX-5"],
  Ford: ["Ranger", "Territory"],
  Volkswagen: ["Gol", "T-Cross"],
};
export const REQUIREMENTS = [
  ["Mantención 10.000 km", 90],
  ["Mantención 20.000 km", 120],
  ["Cambio de aceite", 45],
  ["Frenos", 90],
  ["Diagnóstico", 60],
  ["Alineación y balanceo", 60],
  ["Revisión técnica", 60],
  ["Garantía", 120],
] as const;
export const COMMENTS = [
  "Cliente indica ruido al frenar",
  "Revisar luz de check engine",
  "Mantención según pauta del fabricante",
  "Vibración en el volante sobre 80 km/h",
  "Cambio de pastillas y discos",
  "Cliente solicita lavado incluido",
  null,
];

export const ORDER_STATUSES = [
  ["Recepcionado", "#2C4C7A", false],
  ["En diagnóstico", "#D4A017", false],
  ["En reparación", "#E67E22", false],
  ["Control de calidad", "#8E3C6F", false],
  ["Listo para entrega", "#A3BE8C", false],
  ["Entregado", "#4CAF50", true],
  ["Anulado", "#8A8A8A", true],
] as const;
export const BUDGET_STATUSES = [
  ["Borrador", "#8A8A8A", false],
  ["Enviado", "#D4A017", false],
  ["Aprobado", "#4CAF50", true],
  ["Rechazado", "#A12626", true],
] as const;
/** Crm::Booking statuses: name, colour, finish, and the spec's category each stands for (seed 001 section 4). */
export const CRM_STATUSES = [
  ["Pendiente", "#D4A017", false, "initial"],
  ["Contactado", "#2C4C7A", false, "initial"],
  ["Reagendado", "#EBCB8B", false, "booked"],
  ["Agendado", "#A3BE8C", true, "completed"],
  ["Perdido", "#A12626", true, "failed"],
] as const;

/** Easter Sunday (anonymous Gregorian algorithm), for Good Friday and Holy Saturday. */
export function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return new Date(Date.UTC(year, month - 1, day));
}

/** Chile's national holidays of a year (the fixed dates of the law; movable Mondays are not shifted). */
export function chileanHolidays(year: number): { date: string; name: string }[] {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const e = easter(year);
  const goodFriday = new Date(e.getTime() - 2 * 86400_000);
  const holySaturday = new Date(e.getTime() - 86400_000);
  const fixed: [string, string][] = [
    ["01-01", "Año Nuevo"],
    ["05-01", "Día Nacional del Trabajo"],
    ["05-21", "Día de las Glorias Navales"],
    ["06-21", "Día Nacional de los Pueblos Indígenas"],
    ["06-29", "San Pedro y San Pablo"],
    ["07-16", "Día de la Virgen del Carmen"],
    ["08-15", "Asunción de la Virgen"],
    ["09-18", "Independencia Nacional"],
    ["09-19", "Día de las Glorias del Ejército"],
    ["10-12", "Encuentro de Dos Mundos"],
    ["10-31", "Día de las Iglesias Evangélicas y Protestantes"],
    ["11-01", "Día de Todos los Santos"],
    ["12-08", "Inmaculada Concepción"],
    ["12-25", "Navidad"],
  ];
  return [
    ...fixed.map(([md, name]) => ({ date: `${year}-${md}`, name })),
    { date: iso(goodFriday), name: "Viernes Santo" },
    { date: iso(holySaturday), name: "Sábado Santo" },
  ].sort((a, b) => a.date.localeCompare(b.date));
}
