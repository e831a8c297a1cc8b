import { describe, expect, it } from "vitest";
import { SnapshotOrder } from "./snapshot-order.ts";

const planned = ["user:u", "ws:a", "proj:p", "proj:q"];

describe("the order of a catch-up's many rows", () => {
  it("follows the plan without a focus", () => {
    const order = new SnapshotOrder(planned, []);
    expect(order.ordered()).toEqual(planned);
    expect(order.next()).toBe("user:u");
  });

  it("puts the focused scopes first, in the focus's order", () => {
    expect(new SnapshotOrder(planned, ["proj:q", "ws:a"]).ordered()).toEqual(["proj:q", "ws:a", "user:u", "proj:p"]);
  });

  it("never names a scope it did not plan, however focused", () => {
    const order = new SnapshotOrder(planned, ["proj:other", "proj:q"]);
    expect(order.ordered()).toEqual(["proj:q", "user:u", "ws:a", "proj:p"]);
    for (const scope of planned) order.finish(scope);
    order.focus(["proj:other"]);
    expect(order.next()).toBeUndefined();
  });

  it("reorders what is left when the focus moves", () => {
    const order = new SnapshotOrder(planned, ["user:u"]);
    order.finish("user:u");
    expect(order.next()).toBe("ws:a");
    order.focus(["proj:q"]);
    expect(order.next()).toBe("proj:q");
    order.finish("proj:q");
    expect(order.next()).toBe("ws:a");
  });

  it("sends each focused scope's first part before the rest of any", () => {
    const order = new SnapshotOrder(planned, ["proj:q", "ws:a"]);
    expect(order.next()).toBe("proj:q");
    order.begin("proj:q");
    expect(order.next()).toBe("ws:a");
    order.begin("ws:a");
    expect(order.next()).toBe("proj:q");
    order.finish("proj:q");
    expect(order.next()).toBe("ws:a");
    order.finish("ws:a");
    expect(order.next()).toBe("user:u");
  });

  it("sends a newly focused scope's first part next", () => {
    const order = new SnapshotOrder(planned, ["user:u"]);
    order.begin("user:u");
    order.focus(["user:u", "proj:p"]);
    expect(order.next()).toBe("proj:p");
  });
});
