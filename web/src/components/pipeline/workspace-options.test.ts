import { describe, expect, it } from "vitest";
import { workspaceOptions } from "./workspace-options.ts";

describe("workspaceOptions", () => {
  it("groups owned workspaces before guest ones, keeping their order", () => {
    expect(
      workspaceOptions([
        { id: "a", name: "Alpha", owned: true },
        { id: "g", name: "Guest one", owned: false },
        { id: "b", name: "Beta", owned: true },
      ]),
    ).toEqual([
      {
        group: "Owned",
        items: [
          { value: "a", label: "Alpha" },
          { value: "b", label: "Beta" },
        ],
      },
      { group: "Guest", items: [{ value: "g", label: "Guest one" }] },
    ]);
  });

  it("leaves out a group with no workspaces", () => {
    expect(workspaceOptions([{ id: "g", name: "Guest one", owned: false }])).toEqual([
      { group: "Guest", items: [{ value: "g", label: "Guest one" }] },
    ]);
    expect(workspaceOptions([])).toEqual([]);
  });
});
