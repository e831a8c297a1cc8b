import { testSequenceAttributes } from "@hirestream/contracts/sequences/commands.ts";
import { describe, expect, it } from "vitest";
import { testSequenceBody, testValueErrors } from "./sequence-test.ts";

describe("testValueErrors", () => {
  it("asks for every value left blank, with the spec's words, under the field's name", () => {
    expect(testValueErrors(["Ada", "", "  \n "])).toEqual({
      "values.1": "This field is required",
      "values.2": "This field is required",
    });
  });

  it("finds nothing wrong once every value is given", () => {
    expect(testValueErrors(["Ada", "Lovelace"])).toEqual({});
    expect(testValueErrors([])).toEqual({});
  });
});

describe("testSequenceBody", () => {
  const variables = [
    { name: "first_name", type: "Text" },
    { name: "pitch", type: "Text area" },
  ] as const;

  it("names each value by its variable, trimmed of the blanks around it", () => {
    expect(testSequenceBody(variables, [" Ada ", "Line one\nline two\n"])).toEqual({
      test_params: { first_name: "Ada", pitch: "Line one\nline two" },
    });
  });

  it("is a body the test route's schema takes as it is", () => {
    const body = testSequenceBody(variables, ["Ada", "A pitch"]);
    expect(testSequenceAttributes.parse(body)).toEqual(body);
  });

  it("sends empty params for a sequence with no variables in use", () => {
    expect(testSequenceBody([], [])).toEqual({ test_params: {} });
  });
});
