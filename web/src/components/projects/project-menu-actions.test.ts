import { describe, expect, it } from "vitest";
import { projectMenuActions } from "./project-menu-actions.ts";

const all = { edit: true, remove: true, work: true };

describe("projectMenuActions", () => {
  it("offers Edit, Remove and Archive on a current project", () => {
    expect(projectMenuActions(false, all)).toEqual(["edit", "remove", "archive"]);
  });

  it("offers Show and Remove on an archived project", () => {
    expect(projectMenuActions(true, { edit: false, remove: true, work: false })).toEqual(["show", "remove"]);
  });

  it("leaves only Show to someone who may change nothing", () => {
    const none = { edit: false, remove: false, work: false };
    expect(projectMenuActions(false, none)).toEqual(["show"]);
    expect(projectMenuActions(true, none)).toEqual(["show"]);
  });

  it("lets a collaborator working in someone else's project only look at its settings", () => {
    expect(projectMenuActions(false, { edit: false, remove: false, work: true })).toEqual(["show"]);
  });
});
