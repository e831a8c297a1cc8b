import { describe, expect, it } from "vitest";
import { candidacyIdOf } from "./candidacy-id.ts";

const project = "0b9c2f6e-3f51-4c1a-9a4e-1d2f3a4b5c6d";
const otherProject = "7d6c5b4a-3f2e-4d1c-8b0a-9f8e7d6c5b4a";
const person = "2a1b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

describe("candidacyIdOf", () => {
  it("names the same person in the same project the same way every time", () => {
    expect(candidacyIdOf(project, person)).toBe(candidacyIdOf(project, person));
  });

  it("names the same person differently in another project", () => {
    expect(candidacyIdOf(project, person)).not.toBe(candidacyIdOf(otherProject, person));
  });

  it("does not confuse a project with a person", () => {
    expect(candidacyIdOf(project, person)).not.toBe(candidacyIdOf(person, project));
  });

  it("is a version 5 UUID", () => {
    expect(candidacyIdOf(project, person)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
