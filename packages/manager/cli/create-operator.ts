// `pnpm manager:create-operator --email ops@example.com --name "Operadora"`: creates a platform operator in
// DATABASE_URL (or the embedded database under .data/) and prints the authenticator QR in the terminal. The password
// is asked on the terminal (or read from the first line of stdin), never passed as an argument (shell history).
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { createDatabase, migrateDatabase } from "@taller/db";
import QRCode from "qrcode";
import { createOperator } from "../src/operators";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email || !values.name)
  throw new Error('usage: pnpm manager:create-operator --email <e-mail> --name "<name>"');

const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
const password = await prompt.question("Contraseña (12 caracteres o más): ");
prompt.close();

const database = await createDatabase({ url: process.env.DATABASE_URL || undefined });
await migrateDatabase(database);
try {
  const { id, uri } = await createOperator(database.db, { email: values.email, name: values.name, password });
  console.log(`\nOperador ${id} creado. Escanea este código con tu aplicación de autenticación:\n`);
  console.log(await QRCode.toString(uri, { type: "terminal", small: true }));
  console.log(`O ingresa esta dirección: ${uri}`);
} finally {
  await database.close();
}
