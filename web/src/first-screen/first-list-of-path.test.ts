import { expect, test } from "vitest";
import { firstListOfPath } from "./first-list-of-path.ts";

test("a load's first list is named by its path, with both spellings of a project's", () => {
  expect(firstListOfPath("/talent_pool")).toEqual({ kind: "pool" });
  expect(firstListOfPath("/workspaces/w1/people")).toEqual({ kind: "workspace-people", workspaceId: "w1" });
  expect(firstListOfPath("/workspaces/w1/project/p1")).toEqual({ kind: "board", workspaceId: "w1", projectId: "p1" });
  expect(firstListOfPath("/workspaces/w1/projects/p1")).toEqual({ kind: "board", workspaceId: "w1", projectId: "p1" });
});

test("a screen that opens on no list of these has no first list", () => {
  for (const path of ["/workspaces/w1/people/p1", "/workspaces/w1/projects", "/talent_pool_intro", "/", "/workspaces"])
    expect(firstListOfPath(path)).toBeNull();
});
