import { describe, expect, it } from "vitest";
import { createSequenceAttributes, isEmptyBody, updateSequenceAttributes } from "./commands.ts";
import { customVariableName, variablesIn } from "./variables.ts";

const step = {
  template_subject: "Hello {{first_name}}",
  template_body: "<p>Hi {{ first_name }}, about {{project_title}}</p>",
};

function issues(body: unknown) {
  const parsed = createSequenceAttributes.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

describe("a new sequence's attributes", () => {
  it("take a name and steps, the rest defaulting later", () => {
    expect(issues({ name: "Backend outreach", steps: [step] })).toEqual([]);
  });

  it("require a name, a subject and a body that is more than an empty paragraph", () => {
    expect(issues({ name: "  ", steps: [{ template_subject: "", template_body: "<p></p>" }] })).toEqual([
      ["name", "This field is required"],
      ["steps.0.template_subject", "This field is required"],
      ["steps.0.template_body", "This field is required"],
    ]);
  });

  it("keep the spec's lengths: name 50, description 100", () => {
    expect(issues({ name: "n".repeat(51), description: "d".repeat(101), steps: [step] })).toEqual([
      ["name", "is too long (maximum is 50 characters)"],
      ["description", "is too long (maximum is 100 characters)"],
    ]);
  });

  it("refuse a variable that is neither the candidate's, the project's nor a custom one", () => {
    expect(issues({ name: "S", steps: [{ ...step, template_body: "<p>{{salary}}</p>" }] })).toEqual([
      ["steps.0.template_body", "uses an unknown variable: {{salary}}"],
    ]);
    expect(
      issues({
        name: "S",
        payload_fields: { customs: [{ name: " salary ", type: "Text" }] },
        steps: [{ ...step, template_body: "<p>{{salary}}</p>" }],
      }),
    ).toEqual([]);
  });

  it("refuse a custom variable named like another one", () => {
    expect(
      issues({
        name: "S",
        payload_fields: {
          customs: [
            { name: "first name", type: "Text" },
            { name: "x", type: "Text area" },
          ],
        },
        steps: [step],
      }),
    ).toEqual([["payload_fields.customs.0.name", "Name already taken."]]);
  });

  it("refuse regions, time zones and hours outside the lists, and a workday ending before it starts", () => {
    expect(
      issues({
        name: "S",
        holiday_country: "XX",
        timezone: "Mars/Olympus",
        steps: [
          { ...step, workday_start: "9pm", workday_end: "8am" },
          { ...step, workday_start: "13am" },
        ],
      }),
    ).toEqual([
      ["holiday_country", "must be a region of the list"],
      ["timezone", "must be a time zone of the list"],
      ["steps.0.workday_end", "must be after the workday start"],
      ["steps.1.workday_start", "must be an hour from 12am to 11pm, or --"],
    ]);
  });

  it("read a delay given as text, as the spec's client sends it", () => {
    const parsed = createSequenceAttributes.parse({ name: "S", steps: [{ ...step, delay: "1440" }] });
    expect(parsed.steps[0]?.delay).toBe(1440);
  });

  it("may be edited in part", () => {
    expect(updateSequenceAttributes.safeParse({ has_review: true }).success).toBe(true);
  });
});

describe("variables", () => {
  it("are read from double braces, each once", () => {
    expect(variablesIn("{{a}} {{ b }} {{a}} {b} {{c d}}")).toEqual(["a", "b"]);
  });

  it("get custom names trimmed with spaces as underscores", () => {
    expect(customVariableName("  years of  experience ")).toBe("years_of_experience");
  });

  it("count an editor's empty paragraph as an empty body", () => {
    expect(isEmptyBody("<p></p>")).toBe(true);
    expect(isEmptyBody("<p> &nbsp;</p><p><br></p>")).toBe(true);
    expect(isEmptyBody("<p>Hi</p>")).toBe(false);
  });
});
