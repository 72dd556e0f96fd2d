/**
 * The operator area's shared vocabulary (seed 002 sections 2.7, 3.6 and 4.4). Its forms' schemas, which the server
 * validates with too, are in manager-schemas.ts, apart, since staff screens upload files with these constants
 * (lib/upload.ts) and must not load zod for them.
 */

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

/** Where the web app posts a workbook (operator session only; answers the upload key and the sheets). */
export const DATABASE_UPLOAD_PATH = "/files/databases";
/** 'Url DB': where an operator downloads a database's sheet as JSON (operator session only). */
export const databaseDownloadPath = (id: number) => `${DATABASE_UPLOAD_PATH}/${id}`;

export interface UploadedSheet {
  name: string;
  columns: string[];
  rows: number;
}
