import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countEvents, startTestApp, type TestApp } from "../testing/test-app.ts";
import { sequenceBody, sequenceKit, twoSteps, url } from "./testing/sequence-kit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { newUser, createWorkspace, send, read, createSequence } = sequenceKit(() => t, "seqbad");

describe("bad input to the sequence calls", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a missing name", { name: undefined }, "/data/attributes/name", "This field is required"],
    [
      "a 51-character name",
      { name: "n".repeat(51) },
      "/data/attributes/name",
      "is too long (maximum is 50 characters)",
    ],
    [
      "a 101-character description",
      { description: "d".repeat(101) },
      "/data/attributes/description",
      "is too long (maximum is 100 characters)",
    ],
    [
      "a region off the list",
      { holiday_country: "XX" },
      "/data/attributes/holiday_country",
      "must be a region of the list",
    ],
    [
      "a time zone off the list",
      { timezone: "Mars/Olympus" },
      "/data/attributes/timezone",
      "must be a time zone of the list",
    ],
    [
      "an empty body",
      { steps: [{ template_subject: "Hi", template_body: "<p></p>" }] },
      "/data/attributes/steps/0/template_body",
      "This field is required",
    ],
    [
      "a blank subject",
      { steps: [{ template_subject: " ", template_body: "<p>Hi</p>" }] },
      "/data/attributes/steps/0/template_subject",
      "This field is required",
    ],
    [
      "an unknown variable",
      { steps: [{ template_subject: "Hi {{nickname}}", template_body: "<p>Hi</p>" }] },
      "/data/attributes/steps/0/template_subject",
      "uses an unknown variable: {{nickname}}",
    ],
    [
      "a custom variable named twice",
      {
        payload_fields: {
          customs: [
            { name: "pitch", type: "Text" },
            { name: " pitch ", type: "Text" },
          ],
        },
      },
      "/data/attributes/payload_fields/customs/1/name",
      "Name already taken.",
    ],
    [
      "a workday ending before it starts",
      { steps: [{ template_subject: "Hi", template_body: "<p>Hi</p>", workday_start: "9pm", workday_end: "8am" }] },
      "/data/attributes/steps/0/workday_end",
      "must be after the workday start",
    ],
    ["no steps", { steps: [] }, "/data/attributes/steps", "must have at least one step"],
    [
      "31 steps",
      { steps: Array.from({ length: 31 }, () => twoSteps[0]) },
      "/data/attributes/steps",
      "must have at most 30 steps",
    ],
    [
      "a delay that is not a number",
      { steps: [{ ...twoSteps[0], delay: "soon" }] },
      "/data/attributes/steps/0/delay",
      "must be a number of minutes",
    ],
    [
      "a negative delay",
      { steps: [{ ...twoSteps[0], delay: -1 }] },
      "/data/attributes/steps/0/delay",
      "must be 0 or more",
    ],
    [
      "an hour off the list",
      { steps: [{ ...twoSteps[0], workday_start: "13pm" }] },
      "/data/attributes/steps/0/workday_start",
      "must be an hour from 12am to 11pm, or --",
    ],
    [
      "a credential that is not an id",
      { steps: [{ ...twoSteps[0], provider_id: "gmail" }] },
      "/data/attributes/steps/0/provider_id",
      "must be a UUID",
    ],
    ["a review that is not a flag", { has_review: "yes" }, "/data/attributes/has_review", "must be true or false"],
    [
      "a custom variable of another type",
      { payload_fields: { customs: [{ name: "pitch", type: "Number" }] } },
      "/data/attributes/payload_fields/customs/0/type",
      "must be one of Text, Text area",
    ],
    [
      "another workspace's id",
      { workspace_id: randomUUID() },
      "/data/attributes/workspace_id",
      "must be the workspace in the URL",
    ],
    ["an id other than the document's", { id: randomUUID() }, "/data/attributes/id", "must be the document's id"],
  ];
  for (const [label, attributes, pointer, detail] of cases) {
    it(`${label} is 422 at ${pointer}, and nothing is appended`, async () => {
      const owner = await newUser();
      const ws = await createWorkspace(owner);
      const before = await countEvents(t.pool);
      const response = await send(owner, "POST", url(ws), sequenceBody(attributes, randomUUID()));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[0]).toMatchObject({
        status: "422",
        code: "VALIDATION",
        detail,
        source: { pointer },
      });
      expect(await countEvents(t.pool)).toBe(before);
    });
  }

  it("refuses an edit leaving a saved step with a variable no longer defined, a blank name, or a foreign URL", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const other = await createWorkspace(owner);
    const { id } = await createSequence(owner, ws);
    const before = await countEvents(t.pool);
    const dropped = await send(owner, "PUT", url(ws, id), { payload_fields: { customs: [] } });
    expect(dropped.statusCode).toBe(422);
    expect(dropped.json().errors[0]).toMatchObject({
      detail: "uses an unknown variable: {{pitch}}",
      source: { pointer: "/data/attributes/payload_fields/customs" },
    });
    const blank = await send(owner, "PUT", url(ws, id), { name: " " });
    expect(blank.json().errors[0]).toMatchObject({
      detail: "This field is required",
      source: { pointer: "/data/attributes/name" },
    });
    expect((await send(owner, "PUT", url(other, id), { name: "Moved" })).statusCode).toBe(404);
    expect((await read(owner, url(other, id))).statusCode).toBe(404);
    expect((await send(owner, "PUT", url(ws, randomUUID()), { name: "None" })).statusCode).toBe(404);
    expect((await send(owner, "PUT", `${url(ws)}/not-an-id`, { name: "None" })).statusCode).toBe(404);
    expect((await send(owner, "PUT", url(ws, id), { id: randomUUID(), name: "Other" })).statusCode).toBe(422);
    expect(await countEvents(t.pool)).toBe(before);
  });
});
