import { describe, expect, it } from "vitest";
import { personOrderKey, workspaceOrderKeys, workspaceOrderRange } from "./people-order.ts";

const person = (id: string, last_name: string | null, first_name: string | null = null) => ({
  id,
  first_name,
  last_name,
});
const inKeyOrder = (people: ReturnType<typeof person>[]) =>
  [...people]
    .sort((a, b) => (personOrderKey(a) < personOrderKey(b) ? -1 : personOrderKey(a) > personOrderKey(b) ? 1 : 0))
    .map((each) => each.id);

describe("the people lists' order as one key", () => {
  it("goes by last name, then first name, case aside", () => {
    expect(
      inKeyOrder([person("c", "baker", "Bea"), person("a", "adams", "zoe"), person("b", "Adams", "Anna")]),
    ).toEqual(["b", "a", "c"]);
  });

  it("reads digits as numbers, and puts a name before the longer names it begins", () => {
    expect(
      inKeyOrder([person("a", "Case10"), person("b", "Case2"), person("c", "Case"), person("d", "Case 2")]),
    ).toEqual(["c", "d", "b", "a"]);
  });

  it("puts an accented name right after the same letters without accents", () => {
    expect(
      inKeyOrder([person("a", "Fabre"), person("b", "Émile"), person("c", "Emile"), person("d", "Emilia")]),
    ).toEqual(["c", "b", "d", "a"]);
  });

  it("puts people without a last name, then without any name, last; equal names by id", () => {
    expect(
      inKeyOrder([
        person("d", "  "),
        person("c", null),
        person("b", null, "Ann"),
        person("a", "Zeta", "Ann"),
        person("e", "Zeta", "Ann"),
      ]),
    ).toEqual(["a", "e", "b", "c", "d"]);
  });

  it("keys a workspace's people within that workspace's range only", () => {
    const key = personOrderKey(person("p", "Hopper", "Grace"));
    const [inside] = workspaceOrderKeys(["w1"], key);
    const [lower, upper] = workspaceOrderRange("w1");
    expect(inside !== undefined && inside >= lower && inside < upper).toBe(true);
    const [other] = workspaceOrderKeys(["w10"], key);
    expect(other !== undefined && other >= lower && other < upper).toBe(false);
  });
});
