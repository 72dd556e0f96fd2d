// `pnpm db:seed`: demo data into an empty database (DATABASE_URL, or the embedded one under .data/).
// `pnpm db:seed --orders N`: also fills "Taller Escala" (admin@escala.demo / demo1234) up to N orders, N ≤ 1,000,000.
import { parseArgs } from "node:util";
import { createDatabase, migrateDatabase } from "../client";
import { seedDemoIfEmpty, seedScale } from "../seed";

const MAX_ORDERS = 1_000_000;
const { values } = parseArgs({ options: { orders: { type: "string" } } });
const orders = values.orders === undefined ? null : Number(values.orders);
if (orders !== null && !(Number.isInteger(orders) && orders >= 1 && orders <= MAX_ORDERS)) {
  throw new Error(`--orders takes a whole number from 1 to ${MAX_ORDERS}, got "${values.orders}"`);
}

const database = await createDatabase({ url: process.env.DATABASE_URL || undefined });
await migrateDatabase(database);
console.log((await seedDemoIfEmpty(database.db)) ? "demo data seeded" : "database not empty: demo seed skipped");
if (orders !== null) {
  const started = Date.now();
  const result = await seedScale(database.db, { orders, log: (m) => console.log(`  ${m}`) });
  console.log(
    `Taller Escala (company ${result.companyId}${result.created ? ", created" : ""}): added ${result.added.orders} orders, ` +
      `${result.added.clients} clients, ${result.added.vehicles} vehicles, ${result.added.budgets} budgets, ` +
      `${result.added.bookings} bookings in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
await database.close();
