import { DEFAULT_TERMS, termWords } from "@taller/core";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SORT,
  defaultOrderFilters,
  leftOutMessage,
  NO_BUDGET,
  nextReceptionSort,
  receptionParam,
  receptionSort,
} from "../src/features/orders/list-rules";

const ORDER = termWords(DEFAULT_TERMS.order);

describe("orders default filter (seed 002 sections 4.2 and 9)", () => {
  const statuses = {
    order_statuses: [
      { id: 11, finish: false },
      { id: 12, finish: false },
      { id: 13, finish: true },
      { id: 14, finish: true },
    ],
    budget_statuses: [
      { id: 21, finish: false },
      { id: 22, finish: true },
      { id: NO_BUDGET, finish: false },
    ],
  };

  it("takes every status not marked finish, and 'Sin Presupuesto' once", () => {
    expect(defaultOrderFilters(statuses)).toEqual({ status: [11, 12], budget: [21, NO_BUDGET] });
  });

  it("adds 'Sin Presupuesto' even when the server does not list it", () => {
    expect(defaultOrderFilters({ ...statuses, budget_statuses: [{ id: 21, finish: false }] }).budget).toEqual([
      21,
      NO_BUDGET,
    ]);
  });
});

describe("the 'Recepción' sort cycle (seed 002 section 4.2)", () => {
  it("starts at correlative_id descending", () => {
    expect(DEFAULT_SORT).toEqual({ query: { sort: "correlative_id", sort_direction: "desc" }, arrow: null });
  });

  it("goes ascending, descending, then clears the arrow", () => {
    const asc = nextReceptionSort(DEFAULT_SORT);
    expect(asc).toEqual({ query: { sort: "check_in_time", sort_direction: "asc" }, arrow: "asc" });
    const desc = nextReceptionSort(asc);
    expect(desc).toEqual({ query: { sort: "check_in_time", sort_direction: "desc" }, arrow: "desc" });
    const cleared = nextReceptionSort(desc);
    expect(cleared.arrow).toBeNull();
    expect(nextReceptionSort(cleared)).toEqual(asc);
  });

  it("clearing keeps the query of the descending step: the list does not reload", () => {
    const desc = nextReceptionSort(nextReceptionSort(DEFAULT_SORT));
    expect(nextReceptionSort(desc).query).toEqual(desc.query);
    expect(nextReceptionSort(desc).query).toEqual({ sort: "check_in_time", sort_direction: "desc" });
  });
});

describe("the 'Recepción' sort in the URL (?reception=)", () => {
  it("every step of the cycle reads back as itself; the default leaves the URL clean", () => {
    expect(receptionParam(DEFAULT_SORT)).toBeUndefined();
    expect(receptionSort(undefined)).toEqual(DEFAULT_SORT);
    let state = DEFAULT_SORT;
    for (const param of ["asc", "desc", "none", "asc"] as const) {
      state = nextReceptionSort(state);
      expect(receptionParam(state)).toBe(param);
      expect(receptionSort(param)).toEqual(state);
    }
  });
});

describe("export left out", () => {
  it("tells how many matching orders did not fit in the file", () => {
    expect(leftOutMessage(ORDER, 1000, 1234)).toBe(
      "Se exportaron 1.000 órdenes (el máximo). Quedaron fuera 1.234: acota los filtros o las fechas para exportarlas.",
    );
    expect(leftOutMessage(ORDER, 1000, 9000, true)).toContain("Quedaron fuera más de 9.000:");
    const own = termWords({ singular: "Reparación", plural: "Reparaciones" });
    expect(leftOutMessage(own, 1000, 5)).toMatch(/^Se exportaron 1\.000 reparaciones \(el máximo\)/);
  });
});
