// Walk cases of the manager router (see ProcedureCase in @taller/trpc/testing): operators' procedures refuse every
// staff session; the fuzzing calls them in an operator session.
import type { DomainCases } from "@taller/trpc/testing";
import { configureDatabaseFiles, type managerRouter } from "../src";
import { memoryFileStore } from "./workbook";

// The walks call the procedures without the server, whose file store the databases need.
configureDatabaseFiles(memoryFileStore());

export const managerCases: DomainCases<typeof managerRouter> = {
  "auth.login": {
    kind: "public",
    reason: "the login itself; throttled per account and IP, and answers nothing of any company",
    valid: () => ({ email: "nadie@ejemplo.cl", password: "incorrecta", otp: "123456" }),
  },
  "auth.me": { kind: "public", reason: "answers only the operator of the caller's own cookie, or null" },
  "auth.logout": { kind: "manager" },
  "companies.list": { kind: "manager" },
  "companies.create": { kind: "manager", valid: () => ({ name: "Taller Nuevo", domain: "nuevo.demo" }) },
  "companies.remove": { kind: "manager", valid: () => ({ id: 2 ** 31 - 1 }) },
  "databases.list": { kind: "manager" },
  "databases.get": { kind: "manager", valid: () => ({ id: 2 ** 31 - 1 }) },
  "databases.create": {
    kind: "manager",
    valid: () => ({
      name: "Clientes",
      dbType: "tables",
      upload: `databases/${"a".repeat(24)}.xlsx`,
      sheet: "Hoja1",
      keys: [{ column: "RUT", target: "Client.rut" }],
    }),
  },
  "databases.update": { kind: "manager", valid: () => ({ id: 2 ** 31 - 1, name: "Clientes", sheet: "Hoja1" }) },
  "databases.remove": { kind: "manager", valid: () => ({ id: 2 ** 31 - 1 }) },
  "databases.connect": { kind: "manager", valid: () => ({ databaseId: 2 ** 31 - 1, companyId: 1 }) },
  "databases.removeConnection": { kind: "manager", valid: () => ({ connectionId: 2 ** 31 - 1 }) },
  "databases.undoImport": { kind: "manager", valid: () => ({ connectionId: 2 ** 31 - 1 }) },
};
