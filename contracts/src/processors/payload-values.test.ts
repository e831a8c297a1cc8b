import { describe, expect, it } from "vitest";
import type { PayloadFields } from "../sequences/rows.ts";
import { payloadEventAttributes, payloadValuePointer, updatePayloadAttributes } from "./commands.ts";
import {
  applyEdit,
  emptyCount,
  fieldMarks,
  fieldsOf,
  firstMissing,
  isComplete,
  startingValues,
} from "./payload-values.ts";

const fields: PayloadFields = {
  defaults: [
    { name: "first_name", used: true },
    { name: "company_name", used: false },
  ],
  customs: [
    { name: "hook", type: "Text", used: true },
    { name: "pitch", type: "Text area", used: true },
  ],
};
const eighty = "x".repeat(80);

describe("the fields of a payload", () => {
  it("lists the defaults as Text, then the customs, required when used", () => {
    expect(fieldsOf(fields)).toEqual([
      { name: "first_name", type: "Text", required: true },
      { name: "company_name", type: "Text", required: false },
      { name: "hook", type: "Text", required: true },
      { name: "pitch", type: "Text area", required: true },
    ]);
  });

  it("takes a name once", () => {
    const twice: PayloadFields = { defaults: [{ name: "hook", used: false }], customs: fields.customs };
    expect(fieldsOf(twice).map((field) => field.name)).toEqual(["hook", "pitch"]);
  });
});

describe("empty count and completeness", () => {
  it("counts the required fields without a value, blanks included", () => {
    expect(emptyCount(fields, {})).toBe(3);
    expect(emptyCount(fields, { first_name: "Ada", hook: "  " })).toBe(2);
    expect(isComplete(fields, { first_name: "Ada", hook: "your talk" })).toBe(false);
  });

  it("does not count a field no step uses", () => {
    expect(emptyCount(fields, { first_name: "Ada", hook: "your talk", pitch: "We build…" })).toBe(0);
    expect(isComplete(fields, { first_name: "Ada", hook: "your talk", pitch: "We build…" })).toBe(true);
  });

  it("names the first required field still empty", () => {
    expect(firstMissing(fields, { first_name: "Ada" })).toBe("hook");
    expect(firstMissing(fields, { first_name: "Ada", hook: "a", pitch: "b" })).toBeNull();
  });
});

describe("the editor's red marks", () => {
  it("marks a missing required value, a too long Text, and an unknown field, in the spec's words", () => {
    expect(fieldMarks(fields, { first_name: "Ada", hook: `${eighty}y`, ghost: "boo" })).toEqual([
      { name: "first_name", type: "Text", required: true, value: "Ada", issue: null },
      { name: "company_name", type: "Text", required: false, value: "", issue: null },
      {
        name: "hook",
        type: "Text",
        required: true,
        value: `${eighty}y`,
        issue: "is too long (maximum is 80 characters)",
      },
      { name: "pitch", type: "Text area", required: true, value: "", issue: "This field is required" },
      { name: "ghost", type: null, required: false, value: "boo", issue: "is not a field of this sequence" },
    ]);
  });

  it("lets a Text area run long", () => {
    const [, , , pitch] = fieldMarks(fields, { pitch: "y".repeat(5000) });
    expect(pitch?.issue).toBeNull();
  });
});

describe("an edit", () => {
  it("merges the values given into the current ones", () => {
    expect(applyEdit(fields, { first_name: "Ada" }, { hook: "your talk" })).toEqual({
      values: { first_name: "Ada", hook: "your talk" },
    });
  });

  it("clears a field given null or blank", () => {
    expect(applyEdit(fields, { first_name: "Ada", hook: "x" }, { hook: null, first_name: " " })).toEqual({
      values: {},
    });
  });

  it("takes a Text of exactly 80 characters and refuses 81", () => {
    expect(applyEdit(fields, {}, { hook: eighty })).toEqual({ values: { hook: eighty } });
    expect(applyEdit(fields, {}, { hook: `${eighty}y` })).toEqual({
      rejection: { name: "hook", message: "is too long (maximum is 80 characters)" },
    });
  });

  it("bounds a Text area at 10,000 characters", () => {
    expect(applyEdit(fields, {}, { pitch: "y".repeat(10_000) })).toEqual({ values: { pitch: "y".repeat(10_000) } });
    expect(applyEdit(fields, {}, { pitch: "y".repeat(10_001) })).toEqual({
      rejection: { name: "pitch", message: "is too long (maximum is 10000 characters)" },
    });
  });

  it("refuses a field the sequence does not have", () => {
    expect(applyEdit(fields, {}, { ghost: "boo" })).toEqual({
      rejection: { name: "ghost", message: "is not a field of this sequence" },
    });
  });

  it("does not judge again a long value the run started with when the edit leaves it as it was", () => {
    const long = `${eighty} and more`;
    expect(applyEdit(fields, { first_name: long }, { first_name: long, hook: "x" })).toEqual({
      values: { first_name: long, hook: "x" },
    });
  });
});

describe("the values a run starts with", () => {
  it("keeps the known data of the payload's fields only, and no blanks", () => {
    expect(startingValues(fields, { first_name: "Ada", company_name: "", title: "CTO", hook: null })).toEqual({
      first_name: "Ada",
    });
  });
});

describe("the bodies of the payload calls", () => {
  it("takes payload_values.data with values or nulls", () => {
    expect(updatePayloadAttributes.parse({ payload_values: { data: { hook: "x", pitch: null } } })).toEqual({
      payload_values: { data: { hook: "x", pitch: null } },
    });
  });

  it("refuses values that are not text", () => {
    expect(updatePayloadAttributes.safeParse({ payload_values: { data: { hook: 3 } } }).success).toBe(false);
    expect(updatePayloadAttributes.safeParse({ payload_values: { hook: "x" } }).success).toBe(false);
  });

  it("takes the four events and none, and nothing else", () => {
    for (const event_name of ["event_ready", "event_send", "event_resume", "event_pause", "none"])
      expect(payloadEventAttributes.parse({ event_name })).toEqual({ event_name });
    const wrong = payloadEventAttributes.safeParse({ event_name: "event_finish" });
    expect(wrong.error?.issues[0]?.message).toBe(
      "must be one of event_ready, event_send, event_resume, event_pause, none",
    );
  });

  it("points at the value refused, escaping the name as a JSON pointer", () => {
    expect(payloadValuePointer("hook")).toBe("/data/attributes/payload_values/data/hook");
    expect(payloadValuePointer("a/b~c")).toBe("/data/attributes/payload_values/data/a~1b~0c");
  });
});
