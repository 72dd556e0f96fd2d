// `pnpm db:seed`: demo data into an empty database (DATABASE_URL, or the embedded one under .data/).
import { parseArgs } from "node:util";
import { createDatabase, migrateDatabase } from "../client";
import { seedDemoIfEmpty } from "../seed";

const { values } = parseArgs({ options: { orders: { type: "string" } } });
const database = await createDatabase({ url: process.env.DATABASE_URL || undefined });
await migrateDatabase(database);
console.log((await seedDemoIfEmpty(database.db)) ? "demo data seeded" : "database not empty: demo seed skipped");
if (values.orders) throw new Error("--orders: the scale generator is not available yet");
await database.close();
