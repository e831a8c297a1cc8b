import { describe, expect, it } from "vitest";
import { answerOf, refusalDetail } from "./add-answer.ts";

const meta = { position: 3, outcome: "existing", message: "Already in your talent pool", link: "/profile/p1" };
const answer = (status: number, body: unknown = null, retryAfterSeconds: number | null = null) =>
  answerOf({ kind: "answer", status, body, retryAfterSeconds });

describe("an answer to an add", () => {
  it("is added on 201 and 200 with the meta", () => {
    expect(answer(201, { data: {}, meta: { ...meta, outcome: "new" } })).toEqual({
      kind: "added",
      meta: { ...meta, outcome: "new" },
    });
    expect(answer(200, { data: {}, meta })).toEqual({ kind: "added", meta });
  });

  it("is retried when the network failed, the server failed or is busy", () => {
    expect(answerOf({ kind: "network", message: "Failed to fetch" })).toMatchObject({ kind: "retry" });
    expect(answer(500)).toMatchObject({ kind: "retry" });
    expect(answer(503, null, 5)).toMatchObject({ kind: "retry", retryAfterSeconds: 5 });
    expect(answer(429, null, 60)).toMatchObject({ kind: "retry", retryAfterSeconds: 60 });
  });

  it("waits for a sign-in on 401", () => {
    expect(answer(401)).toEqual({ kind: "signed_out" });
  });

  it("is refused on another 4xx, in the server's words", () => {
    const body = {
      errors: [
        {
          status: "422",
          code: "VALIDATION",
          title: "Invalid",
          detail: "This field is required",
          source: { pointer: "/data/attributes/first_name" },
        },
      ],
    };
    expect(answer(422, body)).toEqual({ kind: "refused", detail: "first name: This field is required" });
    expect(answer(403, { errors: [{ title: "Forbidden", detail: "Your role does not allow this" }] })).toEqual({
      kind: "refused",
      detail: "Your role does not allow this",
    });
    expect(answer(404, "not json")).toEqual({ kind: "refused", detail: "The server refused the add (404)." });
  });

  it("is refused, not retried forever, when a success is not understood", () => {
    expect(answer(201, { data: {} })).toMatchObject({ kind: "refused" });
  });

  it("joins several errors' details", () => {
    expect(refusalDetail(422, { errors: [{ detail: "a" }, { title: "b" }] })).toBe("a; b");
  });
});
