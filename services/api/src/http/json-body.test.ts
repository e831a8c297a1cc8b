import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./json-body.ts";

const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

describe("nestsDeeperThan", () => {
  it("counts arrays and objects alike, up to the limit and not beyond", () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
    expect(nestsDeeperThan('{"a": {"b": {"c": 1}}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a": {"b": {"c": []}}}', 3)).toBe(true);
  });

  it("counts depth, not how many siblings there are", () => {
    expect(nestsDeeperThan(`[${Array(10_000).fill("[1]").join(",")}]`, 2)).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(nestsDeeperThan(JSON.stringify({ name: "[[[[{{{{" }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ name: 'say \\"[[[[\\" and "{{{{"' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ name: "\\", list: [[1]] }), 2)).toBe(true);
  });

  it("reads thousands of levels without running out of stack", () => {
    expect(nestsDeeperThan(nested(1_000_000), 64)).toBe(true);
    expect(nestsDeeperThan("", 64)).toBe(false);
  });
});
