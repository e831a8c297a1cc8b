import { describe, expect, it } from "vitest";
import { applyCountChanges, countChanges, recountPipelines } from "./pipeline-counts.ts";

const p1 = "project-1";
const p2 = "project-2";
const at = (project_id: string, stage_id: string, response: "interested" | "follow_up" | null = null) => ({
  project_id,
  stage_id,
  response,
});

describe("countChanges", () => {
  it("takes a moved candidacy out of its old stage and into the new one", () => {
    const changes = countChanges([at(p1, "a")], [at(p1, "b")]);
    expect([...changes.keys()]).toEqual([p1]);
    expect(Object.fromEntries(changes.get(p1)?.stages ?? [])).toEqual({ a: -1, b: 1 });
  });

  it("sees no change in a write that leaves everyone where they were", () => {
    expect(countChanges([at(p1, "a", "interested")], [at(p1, "a", "interested")]).size).toBe(0);
  });

  it("counts a new candidacy, a removed one and a response, each in its own project", () => {
    const changes = countChanges([undefined, at(p2, "x")], [at(p1, "a", "follow_up"), undefined]);
    expect(Object.fromEntries(changes.get(p1)?.stages ?? [])).toEqual({ a: 1 });
    expect(Object.fromEntries(changes.get(p1)?.responses ?? [])).toEqual({ follow_up: 1 });
    expect(Object.fromEntries(changes.get(p2)?.stages ?? [])).toEqual({ x: -1 });
  });
});

describe("applyCountChanges", () => {
  it("adds the changes to the counts held and drops what falls to zero", () => {
    const current = { project_id: p1, all: 3, by_stage: { a: 2, b: 1 }, by_response: { interested: 1 } };
    const next = applyCountChanges(p1, current, {
      stages: new Map([
        ["b", -1],
        ["c", 1],
      ]),
      responses: new Map([["interested", -1]]),
    });
    expect(next).toEqual({ project_id: p1, all: 3, by_stage: { a: 2, c: 1 }, by_response: {} });
  });

  it("starts a project it has no counts for from zero", () => {
    const next = applyCountChanges(p1, undefined, { stages: new Map([["a", 2]]), responses: new Map() });
    expect(next).toEqual({ project_id: p1, all: 2, by_stage: { a: 2 }, by_response: {} });
  });
});

describe("recountPipelines", () => {
  it("counts every project from its candidacies", () => {
    expect(recountPipelines([at(p1, "a"), at(p1, "a", "interested"), at(p1, "b"), at(p2, "x")])).toEqual([
      { project_id: p1, all: 3, by_stage: { a: 2, b: 1 }, by_response: { interested: 1 } },
      { project_id: p2, all: 1, by_stage: { x: 1 }, by_response: {} },
    ]);
  });
});
