// The order's life's pure rules: which statuses the control offers, where 'Entregar' goes, when edits stop.
import { describe, expect, it } from "vitest";
import { deliveryStatus, orderEditable, orderStatusTargets } from "../src";

const s = (id: number, position: number, finish = false, cancel = false) => ({ id, position, finish, cancel });
// Recepcionado, En reparación, Entregado, Anulado (the demo's shape, shortened).
const statuses = [s(1, 0), s(2, 1), s(3, 2, true), s(4, 3, true, true)];

describe("order life rules", () => {
  it("offers the configured transitions from the current status, never itself nor the cancel status", () => {
    const rules = [
      { from_status_id: 1, to_status_id: 2 },
      { from_status_id: 1, to_status_id: 4 },
      { from_status_id: 2, to_status_id: 3 },
    ];
    expect(orderStatusTargets(1, statuses, rules).map((x) => x.id)).toEqual([2]);
    expect(orderStatusTargets(2, statuses, rules).map((x) => x.id)).toEqual([3]);
    // A status no rule starts from may move to any other.
    expect(orderStatusTargets(3, statuses, rules).map((x) => x.id)).toEqual([1, 2]);
  });

  it("delivers to the first finished status that is not the cancellation, by position", () => {
    expect(deliveryStatus(statuses)?.id).toBe(3);
    expect(deliveryStatus([s(4, 0, true, true), s(9, 5, true), s(8, 4, true)])?.id).toBe(8);
    expect(deliveryStatus([s(1, 0), s(4, 1, true, true)])).toBeUndefined();
  });

  it("edits stop once the order is in a finished status", () => {
    expect(orderEditable({ finish: false })).toBe(true);
    expect(orderEditable({ finish: true })).toBe(false);
  });
});
