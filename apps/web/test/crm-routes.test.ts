import { describe, expect, it } from "vitest";
import { crmScreen, firstCrmTab, tabOf } from "../src/features/crm/crm-routes";

describe("the CRM's route table (seed 001 section 2)", () => {
  it("reads each route", () => {
    expect(crmScreen("clients", true)).toEqual({ screen: "clients" });
    expect(crmScreen("clients/42", true)).toEqual({ screen: "client", id: 42 });
    expect(crmScreen("retentions", true)).toEqual({ screen: "retentions", id: null });
    expect(crmScreen("retentions/7", true)).toEqual({ screen: "retentions", id: 7 });
    expect(crmScreen("absences", false)).toEqual({ screen: "absences", id: null });
    expect(crmScreen("absences/9/", false)).toEqual({ screen: "absences", id: 9 });
    expect(crmScreen("bookings", false)).toEqual({ screen: "bookings" });
    expect(crmScreen("15", false)).toEqual({ screen: "management", id: 15 });
  });

  it("anything else is no screen (the page sends it to the first tab)", () => {
    for (const path of [
      "",
      "whatever",
      "clients/abc",
      "clients/1/2",
      "retentions/0",
      "retentions/x",
      "bookings/3",
      "0",
      "-1",
      "1e3",
      "12345678901",
      "a/b/c",
    ]) {
      expect(crmScreen(path, true), path).toBeNull();
    }
  });

  it("clients need read on client", () => {
    expect(crmScreen("clients", false)).toBeNull();
    expect(crmScreen("clients/3", false)).toBeNull();
    expect(firstCrmTab(true)).toBe("clients");
    expect(firstCrmTab(false)).toBe("retentions");
  });

  it("a client's page sits under the clients tab, a management's page under none", () => {
    expect(tabOf({ screen: "client", id: 1 })).toBe("clients");
    expect(tabOf({ screen: "absences", id: 3 })).toBe("absences");
    expect(tabOf({ screen: "management", id: 3 })).toBeNull();
  });
});
