// `pnpm db:migrate`: applies committed migrations to DATABASE_URL, or to the embedded database under .data/.
import { createDatabase, migrateDatabase } from "../client";

const database = await createDatabase({ url: process.env.DATABASE_URL || undefined });
await migrateDatabase(database);
await database.close();
console.log(`migrations applied (${database.driver})`);
