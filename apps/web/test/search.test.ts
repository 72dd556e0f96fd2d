import { describe, expect, it } from "vitest";
import {
  bookingSearch,
  calendarSearch,
  crmSearch,
  invoicesSearch,
  listSearch,
  mainSearch,
  ordersSearch,
  paymentsSearch,
  oneVehicleSearch,
  vehiclesSearch,
} from "../src/routes/search";

/** What the router does with a query string: hands the validator whatever the URL held. */
const parse = <T>(validate: (input: T) => T, input: unknown) => validate(input as T);

describe("query strings validated by the router", () => {
  it("keeps a search as text, also one the router read as a number", () => {
    expect(parse(vehiclesSearch, { search: "ABCD12" })).toEqual({ search: "ABCD12" });
    expect(parse(vehiclesSearch, { search: 123456 })).toEqual({ search: "123456" });
    expect(parse(vehiclesSearch, {})).toEqual({});
  });

  it("drops what does not fit instead of failing the page", () => {
    expect(parse(vehiclesSearch, { search: { x: 1 }, status: [1, 9] })).toEqual({
      search: undefined,
      status: undefined,
    });
    expect(parse(vehiclesSearch, { status: "todos" })).toEqual({ status: undefined });
  });

  it("a link to one vehicle names every status, which the schema accepts", () => {
    const search = oneVehicleSearch("ABCD12");
    expect(search.status).toEqual([1, 2, 3]);
    expect(parse(vehiclesSearch, search)).toEqual(search);
  });

  it("/main?chat=<id>: a chat's id as a whole positive number, from the text a push link carries", () => {
    expect(parse(mainSearch, { chat: "42" })).toEqual({ chat: 42 });
    expect(parse(mainSearch, { chat: 42 })).toEqual({ chat: 42 });
    for (const chat of ["abc", "0", "-3", "1.5", "99999999999", null, [1]])
      expect(parse(mainSearch, { chat })).toEqual({ chat: undefined });
    expect(parse(mainSearch, {})).toEqual({});
  });

  it("an order open in the vehicles list's dialog and a list's search survive as text in the URL", () => {
    expect(parse(vehiclesSearch, { order: "15" })).toEqual({ order: 15 });
    expect(parse(vehiclesSearch, { order: "quince" })).toEqual({ order: undefined });
    expect(parse(listSearch, { search: 2024 })).toEqual({ search: "2024" });
  });

  it("the invoices keep their day range and client; a day or id that does not fit is dropped", () => {
    expect(parse(invoicesSearch, { from: "2026-01-01", to: "2026-01-31", client_id: "12", search: 33 })).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      client_id: 12,
      search: "33",
    });
    expect(parse(invoicesSearch, { from: "1/1/2026", client_id: "ana" })).toEqual({
      from: undefined,
      client_id: undefined,
    });
  });

  it("the calendar keeps its day and view; the agenda its day or month", () => {
    expect(parse(calendarSearch, { date: "2026-03-09", view: "week" })).toEqual({ date: "2026-03-09", view: "week" });
    expect(parse(calendarSearch, { date: "9/3/2026", view: "year" })).toEqual({ date: undefined, view: undefined });
    expect(parse(bookingSearch, { month: "2026-03" })).toEqual({ month: "2026-03" });
    expect(parse(bookingSearch, { date: "2026-03-09" })).toEqual({ date: "2026-03-09" });
    expect(parse(bookingSearch, { month: "2026-13" })).toEqual({ month: undefined });
    expect(parse(bookingSearch, { month: "2026-3" })).toEqual({ month: undefined });
  });

  it("open dialogs, the orders' sort and the CRM's range, sort and ratings live in the URL", () => {
    expect(parse(mainSearch, { chat_order: "7" })).toEqual({ chat_order: 7 });
    expect(parse(paymentsSearch, { payment: "3", search: 55 })).toEqual({ payment: 3, search: "55" });
    expect(parse(ordersSearch, { reception: "none" })).toEqual({ reception: "none" });
    expect(parse(ordersSearch, { reception: "up" })).toEqual({ reception: undefined });
    expect(
      parse(crmSearch, { management: 4, client: "9", range: "today", sort: "scheduled_for", sort_direction: "asc" }),
    ).toEqual({ management: 4, client: 9, range: "today", sort: "scheduled_for", sort_direction: "asc" });
    expect(parse(crmSearch, { management: "x", sort_direction: "up", rating: "5" })).toEqual({
      management: undefined,
      sort_direction: undefined,
      rating: undefined,
    });
    expect(parse(crmSearch, { rating: [0, 5] })).toEqual({ rating: [0, 5] });
  });
});
