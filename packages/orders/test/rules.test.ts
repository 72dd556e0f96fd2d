// Pure rules of the orders domain, without a database.
import { companyTerms, DEFAULT_TERMS, termWords, toInstant } from "@taller/core";
import { describe, expect, it } from "vitest";
import { customFieldColumns, customFieldText, displayedCustomFields } from "@taller/db";
import { spreadsheetFileName } from "@taller/trpc";
import { EXPORT_COLUMNS, exportHeaders, exportRow, type ExportOrder } from "../src/export-xlsx";
import { searchTerm } from "@taller/db";
import { sortKey, sortKeySchema } from "../src/sort";

describe("search terms", () => {
  it("searches three characters and more by contains, shorter ones by a word's start", () => {
    expect(searchTerm("  bbcl12 ")).toEqual({ kind: "contains", pattern: "%BBCL12%" });
    expect(searchTerm("gó")).toEqual({ kind: "prefix", prefix: "GO" });
    expect(searchTerm("#1")).toEqual({ kind: "prefix", prefix: "#1" });
    expect(searchTerm("a b")).toEqual({ kind: "contains", pattern: "%A B%" });
    expect(searchTerm("  ")).toBeNull();
  });
});

describe("sort keys", () => {
  const row = { correlative_id: 42, check_in_us: 1_764_000_000_123_456 };
  it("keys a row by its sort column, the correlative number breaking ties", () => {
    expect(sortKey({ sort: "correlative_id", direction: "desc" }, row)).toEqual([42]);
    expect(sortKey({ sort: "check_in_time", direction: "asc" }, row)).toEqual([1_764_000_000_123_456, 42]);
  });
  it("accepts only keys of the sort's shape", () => {
    const byCheckIn = sortKeySchema({ sort: "check_in_time", direction: "desc" });
    expect(byCheckIn.safeParse([1, 2]).success).toBe(true);
    expect(byCheckIn.safeParse([1]).success).toBe(false);
    expect(byCheckIn.safeParse(["x", 2]).success).toBe(false);
    expect(sortKeySchema({ sort: "correlative_id", direction: "desc" }).safeParse([1.5]).success).toBe(false);
  });
});

describe("custom fields", () => {
  const motor = {
    key: "$$motor",
    name: "Motor",
    kind: "list" as const,
    items: [
      { id: 1, name: "Bencina" },
      { id: 2, name: "Diésel" },
    ],
  };
  const claim = { key: "$$siniestro", name: "N° Siniestro", kind: "text" as const, items: [] };

  it("shows only $$ keys: declared ones in order, then undeclared ones alphabetically without the marker", () => {
    const columns = customFieldColumns(
      [motor, claim, { ...claim, key: "internal" }],
      [{ $$zeta: 1, $$alfa: 2, sync_id: 3 }],
    );
    expect(columns.map((c) => [c.key, c.label])).toEqual([
      ["$$motor", "Motor"],
      ["$$siniestro", "N° Siniestro"],
      ["$$alfa", "alfa"],
      ["$$zeta", "zeta"],
    ]);
  });

  it("resolves list values to item names, keeps unknown ids, and writes other values as text", () => {
    expect(customFieldText(2, motor)).toBe("Diésel");
    expect(customFieldText("1", motor)).toBe("Bencina");
    expect(customFieldText([1, 2], motor)).toBe("Bencina, Diésel");
    expect(customFieldText(9, motor)).toBe("9");
    expect(customFieldText(true, null)).toBe("Sí");
    expect(customFieldText(null, claim)).toBe("");
    expect(customFieldText({ a: 1 }, null)).toBe('{"a":1}');
  });

  it("lists a record's shown fields with labels and text", () => {
    expect(displayedCustomFields({ $$motor: 1, other: "x" }, [motor, claim])).toEqual([
      { key: "$$motor", label: "Motor", value: "Bencina" },
    ]);
  });
});

describe("export rows", () => {
  const order: ExportOrder = {
    correlative_id: 1234,
    client_name: "María José Pérez",
    client_rut: "12.345.678-5",
    client_email: "mj@correo.cl",
    client_phone: "+56 9 1234 5678",
    from: "recepción",
    assignee_name: "Tomás Técnico",
    user_name: "Andrés Asesor",
    brand_name: "Toyota",
    brand_model_name: "Yaris",
    identifier: "BBCL12",
    chasis: "9BW123",
    kms: 45000,
    requirement_name: "Frenos",
    status_name: "Entregado",
    // 02:30 UTC on 5 April 2026 is still 4 April in Santiago (UTC-3 until that night).
    check_in_time: toInstant(new Date("2026-04-05T02:30:00Z")),
    ended_at: null,
    comment: null,
    technical_user_id: 3,
    custom_fields: { $$motor: 2 },
  };
  const columns = customFieldColumns(
    [{ key: "$$motor", name: "Motor", kind: "list", items: [{ id: 2, name: "Diésel" }] }],
    [order.custom_fields],
  );

  const at = (key: string) => EXPORT_COLUMNS.findIndex(([k]) => k === key);

  it("lists the spec's export fields in its order under Spanish headers", () => {
    expect(EXPORT_COLUMNS.map(([key]) => key)).toEqual([
      "correlative_id",
      "client_name",
      "client_rut",
      "client_email",
      "client_phone",
      "from",
      "assignee_name",
      "user_name",
      "brand_name",
      "brand_model_name",
      "identifier",
      "chasis",
      "kms",
      "requirement_name",
      "status_name",
      "check_in_time",
      "ended_at",
      "comment",
      "technical_user_id",
    ]);
    expect(EXPORT_COLUMNS.every(([, header]) => /^[A-ZÁÉÍÓÚÑ][^_]*$/.test(header))).toBe(true);
  });

  it("writes the fixed fields in header order, dates as Chile's wall-clock time, then the custom fields", () => {
    const row = exportRow(order, columns);
    expect(row).toHaveLength(EXPORT_COLUMNS.length + 1);
    expect(row[at("correlative_id")]).toBe(1234);
    // A date cell holds Chile's wall-clock time (cells have no time zone): 23:30 on 4 April.
    expect(row[at("check_in_time")]).toEqual(new Date("2026-04-04T23:30:00Z"));
    expect(row[at("ended_at")]).toBeNull();
    expect(row.at(-1)).toBe("Diésel");
  });

  it("heads the client and order columns with the company's terms, the spec's headers by default", () => {
    expect(exportHeaders(companyTerms(DEFAULT_TERMS))).toEqual(EXPORT_COLUMNS.map(([, header]) => header));
    const headers = exportHeaders(
      companyTerms({
        ...DEFAULT_TERMS,
        client: { singular: "Ciclista", plural: "Ciclistas" },
        order: { singular: "Reparación", plural: "Reparaciones" },
      }),
    );
    expect(headers[at("client_name")]).toBe("Ciclista");
    expect(headers[at("correlative_id")]).toBe("N° Reparación");
    expect(headers.filter((h) => /Cliente|Orden/.test(h))).toEqual([]);
  });

  it("names the file with the company's term for its orders and a Chilean date-time stamp", () => {
    const at = new Date("2026-11-21T17:05:00Z");
    expect(spreadsheetFileName(termWords(DEFAULT_TERMS.order).many, at)).toBe(
      "Órdenes de Trabajo 21-11-2026 14-05.xlsx",
    );
    expect(spreadsheetFileName("Reparaciones", at)).toBe("Reparaciones 21-11-2026 14-05.xlsx");
    // A term may hold characters a file system refuses.
    expect(spreadsheetFileName("OT/OC", at)).toBe("OT-OC 21-11-2026 14-05.xlsx");
  });
});
