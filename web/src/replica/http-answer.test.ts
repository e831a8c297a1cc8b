import { expect, test } from "vitest";
import { readAnswer } from "./http-answer.ts";

const now = Date.parse("2026-11-22T12:00:00.000Z");

test("a write's answer says what to do next", async () => {
  const answer = (status: number, body: unknown = null, headers: Record<string, string> = {}) =>
    readAnswer(new Response(body === null ? null : JSON.stringify(body), { status, headers }), now);

  expect(await answer(201, { data: {}, meta: { position: 12 } })).toEqual({ kind: "accepted", position: 12 });
  expect(await answer(204)).toEqual({ kind: "accepted", position: null });
  expect(await answer(401)).toEqual({ kind: "unauthorized" });
  expect(await answer(503, null, { "retry-after": "1" })).toEqual({ kind: "retry", afterMs: 1000 });
  expect(await answer(408)).toEqual({ kind: "retry", afterMs: null });
  expect(
    await answer(422, {
      errors: [
        { status: "422", code: "VALIDATION", title: "Invalid attribute", detail: "This field is required" },
        { status: "422", code: "VALIDATION", title: "Invalid attribute" },
      ],
    }),
  ).toEqual({
    kind: "rejected",
    errors: [
      { status: 422, detail: "This field is required" },
      { status: 422, detail: "Invalid attribute" },
    ],
  });
});
