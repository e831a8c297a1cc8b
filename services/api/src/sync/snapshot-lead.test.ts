import { describe, expect, it } from "vitest";
import type { SnapshotKey } from "./change-feed.ts";
import { leadFirst } from "./snapshot-lead.ts";

const key = (entity: string, id: string, position = 1): SnapshotKey => ({ entity, id, position, seq: 0 });

describe("a scope's keys with its screen's first rows leading", () => {
  const keys = [key("person", "a"), key("person", "b"), key("candidacy", "c"), key("candidacy", "d")];

  it("puts the lead's rows first, in the lead's order, and the rest as they were", () => {
    expect(leadFirst(keys, ["candidacy:d", "person:b"])).toEqual([
      key("candidacy", "d"),
      key("person", "b"),
      key("person", "a"),
      key("candidacy", "c"),
    ]);
  });

  it("sends the same keys, each once, whatever the lead names", () => {
    const ordered = leadFirst(keys, ["person:x", "candidacy:c", "candidacy:c", "person:c"]);
    expect(ordered).toHaveLength(keys.length);
    expect(new Set(ordered)).toEqual(new Set(keys));
    expect(ordered[0]).toEqual(key("candidacy", "c"));
  });
});
