import { describe, expect, it } from "vitest";
import { variablesInUse } from "./sequence-variables.ts";

describe("variablesInUse", () => {
  it("lists the used candidate and project variables as Text, then the used custom ones with their type", () => {
    expect(
      variablesInUse({
        defaults: [
          { name: "first_name", used: true },
          { name: "last_name", used: false },
          { name: "project_title", used: true },
        ],
        customs: [
          { name: "pitch", type: "Text area", used: true },
          { name: "unused_hook", type: "Text", used: false },
          { name: "hook", type: "Text", used: true },
        ],
      }),
    ).toEqual([
      { name: "first_name", type: "Text" },
      { name: "project_title", type: "Text" },
      { name: "pitch", type: "Text area" },
      { name: "hook", type: "Text" },
    ]);
  });

  it("lists nothing for a sequence whose steps use no variable", () => {
    expect(variablesInUse({ defaults: [{ name: "first_name", used: false }], customs: [] })).toEqual([]);
  });

  it("asks once for a name listed twice", () => {
    expect(
      variablesInUse({
        defaults: [{ name: "title", used: true }],
        customs: [{ name: "title", type: "Text area", used: true }],
      }),
    ).toEqual([{ name: "title", type: "Text" }]);
  });
});
