import { describe, expect, it } from "vitest";
import type { Candidate } from "../../../components/pipeline/pipeline-queries.ts";
import { keptRows } from "./kept-rows.ts";

const at = "2026-01-01T00:00:00.000Z";

const candidate = (id: string, stageId: string): Candidate => ({
  candidacy: {
    id,
    workspace_id: "w",
    project_id: "p",
    person_id: `person-${id}`,
    stage_id: stageId,
    status: stageId,
    response: null,
    stage_entered_at: at,
    created_at: at,
    updated_at: at,
    scopes: ["ws:w"],
    _pending: 0,
  },
  person: undefined,
});

describe("keptRows", () => {
  it("keeps the page shown when it is read again with the same candidates", () => {
    const shown = [candidate("a", "s1"), candidate("b", "s1")];
    expect(keptRows(shown, [candidate("a", "s1"), candidate("b", "s1")])).toBe(shown);
  });

  it("keeps each unchanged candidate of a page where one moved, and takes the moved one anew", () => {
    const shown = [candidate("a", "s1"), candidate("b", "s1"), candidate("c", "s1")];
    const moved = candidate("b", "s2");
    const next = keptRows(shown, [candidate("a", "s1"), moved, candidate("c", "s1")]);
    expect(next).not.toBe(shown);
    expect(next[0]).toBe(shown[0]);
    expect(next[1]).toBe(moved);
    expect(next[2]).toBe(shown[2]);
  });

  it("keeps candidates by candidacy across a page whose order changed", () => {
    const shown = [candidate("a", "s1"), candidate("b", "s1")];
    const next = keptRows(shown, [candidate("c", "s1"), candidate("a", "s1")]);
    expect(next.map((row) => row.candidacy.id)).toEqual(["c", "a"]);
    expect(next[1]).toBe(shown[0]);
  });

  it("takes the page as read when nothing was shown before", () => {
    const read = [candidate("a", "s1")];
    expect(keptRows(undefined, read)).toBe(read);
  });
});
