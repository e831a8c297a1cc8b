import { describe, expect, it } from "vitest";
import { addCustomVariable, canAddCustomVariable, removeCustomVariable } from "./custom-variables.ts";
import { insertVariable } from "./variable-insertion.ts";

describe("custom variables", () => {
  it("need both a name and a type before Add is enabled", () => {
    expect(canAddCustomVariable("salary", null)).toBe(false);
    expect(canAddCustomVariable("   ", "Text")).toBe(false);
    expect(canAddCustomVariable("salary", "Number")).toBe(false);
    expect(canAddCustomVariable("salary", "Text area")).toBe(true);
  });

  it("are named trimmed, with spaces as underscores", () => {
    expect(addCustomVariable([], "  years of  experience ", "Text")).toEqual({
      ok: true,
      customs: [{ name: "years_of_experience", type: "Text" }],
    });
  });

  it("refuse a name already taken by a custom or a candidate variable", () => {
    const customs = [{ name: "salary", type: "Text" as const }];
    expect(addCustomVariable(customs, " salary", "Text area")).toEqual({ ok: false, error: "Name already taken." });
    expect(addCustomVariable(customs, "first name", "Text")).toEqual({ ok: false, error: "Name already taken." });
  });

  it("can be removed by name", () => {
    expect(removeCustomVariable([{ name: "a", type: "Text" }], "a")).toEqual([]);
  });
});

describe("inserting a variable", () => {
  it("puts {{name}} at the cursor and the cursor after it", () => {
    expect(insertVariable("Hello , welcome", "first_name", 6, 6)).toEqual({
      text: "Hello {{first_name}}, welcome",
      cursor: 20,
    });
  });

  it("replaces the selected text", () => {
    expect(insertVariable("Hi NAME!", "first_name", 3, 7).text).toBe("Hi {{first_name}}!");
  });

  it("appends when no cursor is known, and keeps a cursor past the end within the text", () => {
    expect(insertVariable("Hi ", "title", null, null)).toEqual({ text: "Hi {{title}}", cursor: 12 });
    expect(insertVariable("Hi", "title", 99, 120).text).toBe("Hi{{title}}");
  });
});
