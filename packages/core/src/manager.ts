/**
 * The operator area's shared vocabulary (seed 002 sections 2.7, 3.6 and 4.4): forms validate with the server's schemas.
 */
import { z } from "zod";

export const managerLoginSchema = z.object({
  email: z
    .email("Correo inválido")
    .max(254)
    .transform((e) => e.trim().toLowerCase()),
  password: z.string().min(1, "Ingresa tu contraseña").max(200),
  otp: z.string().regex(/^\d{6}$/, "Ingresa el código de 6 dígitos"),
});

export const managerCompanySchema = z.object({
  name: z.string().trim().min(1, "Ingresa el nombre").max(120),
  // The company's login domain: a host name in lower case (unique among companies).
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Ingresa el dominio")
    .max(120)
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, "Dominio inválido"),
});
export type ManagerCompanyInput = z.input<typeof managerCompanySchema>;

/**
 * What a sheet column can be mapped to (seed 002 section 2.7, verbatim field lists). `custom_fields` maps the column
 * to `Entity.custom_fields.{column}`. A Custom object is a vehicles row too (the company's object term).
 */
export const DATABASE_ENTITIES = {
  Client: ["rut", "name", "address", "email", "city", "phone", "custom_fields"],
  Vehicle: ["identifier", "chasis", "year", "color", "custom_fields"],
  Brand: ["name"],
  BrandModel: ["name"],
  "Custom object": ["identifier", "custom_fields"],
  Product: ["name", "code", "price", "buy_price", "description"],
  Category: ["name"],
} as const satisfies Record<string, readonly string[]>;
export type DatabaseEntity = keyof typeof DATABASE_ENTITIES;
type DatabaseField = (typeof DATABASE_ENTITIES)[DatabaseEntity][number];

/** How the column mapping names each entity and field to an operator: the internal names stay the values. */
export const DATABASE_ENTITY_LABELS: Record<DatabaseEntity, string> = {
  Client: "Cliente",
  Vehicle: "Vehículo",
  Brand: "Marca",
  BrandModel: "Modelo",
  "Custom object": "Objeto personalizado",
  Product: "Producto",
  Category: "Categoría",
};
export const DATABASE_FIELD_LABELS: Record<DatabaseField, string> = {
  rut: "RUT",
  name: "Nombre",
  address: "Dirección",
  email: "Correo",
  city: "Ciudad",
  phone: "Teléfono",
  custom_fields: "Campo personalizado",
  identifier: "Identificador",
  chasis: "Chasis",
  year: "Año",
  color: "Color",
  code: "Código",
  price: "Precio",
  buy_price: "Precio de compra",
  description: "Descripción",
};

/** Every plain target ("Client.rut"); custom fields are `Entity.custom_fields.{column}`. */
export const DATABASE_TARGETS: string[] = Object.entries(DATABASE_ENTITIES).flatMap(([entity, fields]) =>
  fields.map((field) => `${entity}.${field}`),
);

/** True for a target a column may be mapped to. */
export function isDatabaseTarget(target: string): boolean {
  if (DATABASE_TARGETS.includes(target)) return !target.endsWith(".custom_fields");
  const [entity, field, ...rest] = target.split(".");
  const fields: readonly string[] | undefined = DATABASE_ENTITIES[entity as DatabaseEntity];
  return field === "custom_fields" && rest.length > 0 && !!fields?.includes("custom_fields");
}

const SHEET_TEXT = z.string().trim().min(1).max(200);

export const databaseKeysSchema = z
  .array(z.object({ column: SHEET_TEXT, target: z.string().max(300).refine(isDatabaseTarget, "Campo inválido") }))
  .min(1, "Asigna al menos una columna")
  .max(500)
  .refine((keys) => new Set(keys.map((k) => k.target)).size === keys.length, "Cada campo se asigna a una sola columna");
export type DatabaseKeys = z.infer<typeof databaseKeysSchema>;

/**
 * Keys of a database's files in the file store (seed 002 section 7.4: databases/{random}.json): the chosen sheet as
 * JSON, and the uploaded workbook beside it (.xlsx). 18 random bytes, base64url.
 */
export const DATABASE_FILE_KEY = /^databases\/[A-Za-z0-9_-]{24}\.(json|xlsx)$/;
export const isDatabaseFileKey = (key: string): boolean => DATABASE_FILE_KEY.test(key);

/** The largest workbook an operator may upload (bytes). */
export const MAX_DATABASE_WORKBOOK_BYTES = 20 * 1024 * 1024;
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * Connection states (seed 002 section 4.4) with their labels; `failed` is ours (the import refused rows), and so are
 * the three of 'Deshacer importación'.
 */
export const CONNECTION_STATUS_LABELS = {
  pending: "Pendiente",
  connecting: "Conectando",
  connected: "Conectado",
  failed: "Con errores",
  undo_pending: "Deshacer pendiente",
  undoing: "Deshaciendo",
  undone: "Importación deshecha",
} as const;

/** What an import writes, in the plural, for the undo's report ('se conservaron 2 clientes'). */
export const IMPORT_ENTITY_LABELS = {
  clients: "clientes",
  vehicles: "vehículos",
  brands: "marcas",
  brand_models: "modelos",
  products: "productos",
  product_categories: "categorías",
} as const;
export type ConnectionStatus = keyof typeof CONNECTION_STATUS_LABELS;

export const databaseNameSchema = z.string().trim().min(1, "Ingresa el nombre").max(120);
export const databaseSheetSchema = z.string().trim().min(1, "Selecciona la hoja").max(200);

/** Where the web app posts a workbook (operator session only; answers the upload key and the sheets). */
export const DATABASE_UPLOAD_PATH = "/files/databases";
/** 'Url DB': where an operator downloads a database's sheet as JSON (operator session only). */
export const databaseDownloadPath = (id: number) => `${DATABASE_UPLOAD_PATH}/${id}`;

export interface UploadedSheet {
  name: string;
  columns: string[];
  rows: number;
}
