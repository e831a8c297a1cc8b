import { describe, expect, it } from "vitest";
import { focusOfPath } from "./route-focus.ts";

const ws = "8f14e45f-ceea-467f-a0e6-1f1b7f3c5c11";
const project = "c9f0f895-fb98-4ab1-8f7b-3f0a9e4c2d22";

describe("the focus a page load says in its first hello", () => {
  it("names a project's scope, then its workspace's, on the project's screen", () => {
    expect(focusOfPath(`/workspaces/${ws}/project/${project}`)).toEqual([`proj:${project}`, `ws:${ws}`]);
    expect(focusOfPath(`/workspaces/${ws}/projects/${project}`)).toEqual([`proj:${project}`, `ws:${ws}`]);
  });

  it("names the workspace's scope on its People", () => {
    expect(focusOfPath(`/workspaces/${ws}/people`)).toEqual([`ws:${ws}`]);
  });

  it("names nothing where the path does not name the scopes", () => {
    expect(focusOfPath("/talent_pool")).toEqual([]);
    expect(focusOfPath("/workspaces/me/projects")).toEqual([]);
    expect(focusOfPath(`/workspaces/${ws}/people/${project}`)).toEqual([]);
    expect(focusOfPath(`/workspaces/me/project/${project}`)).toEqual([]);
    expect(focusOfPath("/workspaces/x/people")).toEqual([]);
  });
});
