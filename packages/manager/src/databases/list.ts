/** 'Bases de datos': every database, newest first, for the picker beside 'Crear nueva base de datos'. */
import { managerDatabases } from "@taller/db";
import { managerProcedure } from "@taller/trpc";
import { desc } from "drizzle-orm";

export const list = managerProcedure.query(({ ctx }) =>
  ctx.db
    .select({
      id: managerDatabases.id,
      name: managerDatabases.name,
      sheet: managerDatabases.sheet,
      rowCount: managerDatabases.rowCount,
    })
    .from(managerDatabases)
    .orderBy(desc(managerDatabases.id))
    .limit(500),
);
