import { expect, it } from "vitest";
import { byNameThenId, compareNatural } from "./natural-order.ts";

it("puts Case2 before Case10, and numbers inside names in numeric order", () => {
  expect(["Case10", "Case2", "Case1", "case3"].sort(compareNatural)).toEqual(["Case1", "Case2", "case3", "Case10"]);
  expect(["Hire 100", "Hire 20", "Hire 3"].sort(compareNatural)).toEqual(["Hire 3", "Hire 20", "Hire 100"]);
});

it("ignores case and accents, and orders equal names by id", () => {
  expect(compareNatural("émile", "Emile")).toBe(0);
  const rows = [
    { id: "b", name: "Sales" },
    { id: "a", name: "sales" },
    { id: "c", name: "Recruiting 2" },
  ];
  expect(rows.sort(byNameThenId).map((row) => row.id)).toEqual(["c", "a", "b"]);
});
