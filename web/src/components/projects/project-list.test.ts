import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { describe, expect, it } from "vitest";
import { project as projectRow, ws1 } from "../../replica/testing/rows.ts";
import { matchesSearch, projectsOnTab, tabCounts, tabOf } from "./project-list.ts";

const me = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const other = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";

function project(id: string, changes: Partial<ProjectRow> = {}): ProjectRow {
  const at = "2026-11-01T00:00:00.000Z";
  return projectRow(id, ws1, { name: `Project ${id}`, user_id: other, created_at: at, updated_at: at, ...changes });
}

describe("tabOf", () => {
  it.each([
    ["Active", "current"],
    ["Inactive", "current"],
    ["Archived", "archived"],
  ] as const)("%s projects are on the %s tab", (status, tab) => {
    expect(tabOf({ status })).toBe(tab);
  });
});

describe("matchesSearch", () => {
  const backend = project("a", { name: "Backend engineers", description: "Berlin office, Go and Postgres" });

  it("finds the text in the name or the description, ignoring case", () => {
    expect(matchesSearch(backend, "ENGINEER")).toBe(true);
    expect(matchesSearch(backend, "postgres")).toBe(true);
    expect(matchesSearch(backend, "designers")).toBe(false);
  });

  it("matches everything when the search is blank", () => {
    expect(matchesSearch(project("b"), "  ")).toBe(true);
  });

  it("looks for the text as typed, not word by word", () => {
    expect(matchesSearch(backend, "office, Go")).toBe(true);
    expect(matchesSearch(backend, "Go office")).toBe(false);
  });
});

describe("projectsOnTab", () => {
  const projects = [
    project("old", { created_at: "2026-01-01T00:00:00.000Z" }),
    project("new", { created_at: "2026-06-01T00:00:00.000Z" }),
    project("archived", { status: "Archived" }),
    project("inactive", { status: "Inactive", created_at: "2026-03-01T00:00:00.000Z" }),
    project("my-hidden", { visible: false, user_id: me, created_at: "2026-02-01T00:00:00.000Z" }),
  ];

  it("lists the current tab newest first", () => {
    expect(projectsOnTab(projects, { tab: "current", searchBy: "" }).map((p) => p.id)).toEqual([
      "new",
      "inactive",
      "my-hidden",
      "old",
    ]);
  });

  it("lists archived projects on their own tab", () => {
    expect(projectsOnTab(projects, { tab: "archived", searchBy: "" }).map((p) => p.id)).toEqual(["archived"]);
  });

  it("narrows a tab to the search", () => {
    expect(projectsOnTab(projects, { tab: "current", searchBy: "project o" }).map((p) => p.id)).toEqual(["old"]);
  });

  it("breaks ties of creation time by id", () => {
    const same = [project("b"), project("a")];
    expect(projectsOnTab(same, { tab: "current", searchBy: "" }).map((p) => p.id)).toEqual(["a", "b"]);
  });
});

describe("tabCounts", () => {
  it("counts the projects each tab holds", () => {
    const projects = [project("a"), project("b", { status: "Inactive" }), project("c", { status: "Archived" })];
    expect(tabCounts(projects)).toEqual({ current: 2, archived: 1 });
  });
});
