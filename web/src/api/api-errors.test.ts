import { expect, it } from "vitest";
import { apiErrorFrom, fullMessage } from "./api-errors.ts";

it("reads devise's list of messages", () => {
  const error = apiErrorFrom(401, { success: false, errors: ["Invalid login credentials. Please try again."] });
  expect(error.status).toBe(401);
  expect(error.messages).toEqual(["Invalid login credentials. Please try again."]);
});

it("reads devise's field errors with their full messages", () => {
  const error = apiErrorFrom(422, {
    status: "error",
    errors: { email: ["has already been taken"], full_messages: ["Email has already been taken"] },
  });
  expect(error.fieldErrors).toEqual({ email: ["has already been taken"] });
  expect(error.fullMessages).toEqual(["Email has already been taken"]);
  expect(error.messages).toEqual(["Email has already been taken"]);
});

it("writes full messages itself when devise's are missing", () => {
  const error = apiErrorFrom(422, { errors: { password: ["is too short (minimum is 8 characters)"] } });
  expect(error.fullMessages).toEqual(["Password is too short (minimum is 8 characters)"]);
  expect(fullMessage("password_confirmation", "Password confirmation must match password")).toBe(
    "Password confirmation must match password",
  );
});

it("reads JSON:API errors by their detail", () => {
  const error = apiErrorFrom(422, {
    errors: [
      { status: "422", code: "VALIDATION", title: "Invalid", detail: "This field is required" },
      { title: "Other" },
    ],
  });
  expect(error.messages).toEqual(["This field is required", "Other"]);
});

it("says something useful for a body it does not know", () => {
  expect(apiErrorFrom(502, "<html>").messages).toEqual(["The server ran into a problem. Try again in a moment."]);
});
