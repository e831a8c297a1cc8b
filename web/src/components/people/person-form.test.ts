import { emptyProfile, type PersonProfile } from "@hirestream/contracts/people/profile.ts";
import { describe, expect, it } from "vitest";
import { draftChanges, draftOf, emailProblem, emptyEducation, emptyExperience, emptyJob } from "./person-form.ts";

let counter = 0;
const newKey = () => `k${++counter}`;

const profile: PersonProfile = {
  ...emptyProfile(),
  first_name: "Maya",
  email: "maya@example.com",
  experience: [
    { title: "Engineer", company: "Northwind", jobs: [{ title: "Data platform", period: "2020-2024" }] },
    { company: "Contoso", jobs: [] },
  ],
  education: [{ title: "BSc", period: "2012-2016" }],
};

describe("draftOf", () => {
  it("turns every field into text, null into empty", () => {
    const draft = draftOf(profile, newKey);
    expect(draft.first_name).toBe("Maya");
    expect(draft.last_name).toBe("");
    expect(draft.experience[0]).toMatchObject({
      company: "Northwind",
      title: "Engineer",
      location: "",
      jobs: [{ title: "Data platform", period: "2020-2024", description: "" }],
    });
    expect(draft.education).toMatchObject([{ title: "BSc", description: "", period: "2012-2016" }]);
  });
});

describe("draftChanges", () => {
  it("finds no change in an untouched form", () => {
    expect(draftChanges(profile, draftOf(profile, newKey))).toEqual({});
  });

  it("answers the text fields that changed, tidied", () => {
    const draft = { ...draftOf(profile, newKey), last_name: " Okafor ", first_name: "Maya " };
    expect(draftChanges(profile, draft)).toEqual({ last_name: "Okafor" });
  });

  it("blanks a field to null", () => {
    expect(draftChanges(profile, { ...draftOf(profile, newKey), email: "  " })).toEqual({ email: null });
  });

  it("ignores an empty item added and left blank", () => {
    const draft = draftOf(profile, newKey);
    draft.education.push(emptyEducation(newKey));
    draft.experience[1]?.jobs.push(emptyJob(newKey));
    expect(draftChanges(profile, draft)).toEqual({});
  });

  it("sends a changed list whole, without blank fields or the screen's keys", () => {
    const draft = draftOf(profile, newKey);
    draft.experience.push({ ...emptyExperience(newKey), company: " Fabrikam ", period: "2024" });
    expect(draftChanges(profile, draft)).toEqual({
      experience: [
        { company: "Northwind", title: "Engineer", jobs: [{ title: "Data platform", period: "2020-2024" }] },
        { company: "Contoso" },
        { company: "Fabrikam", period: "2024" },
      ],
    });
  });

  it("removes an item", () => {
    const draft = draftOf(profile, newKey);
    draft.education.splice(0, 1);
    expect(draftChanges(profile, draft)).toEqual({ education: [] });
  });
});

describe("emailProblem", () => {
  it("accepts blank and valid addresses and refuses others with the spec's words", () => {
    expect(emailProblem("")).toBeNull();
    expect(emailProblem(" maya@example.com ")).toBeNull();
    expect(emailProblem("maya@")).toBe("Valid email is required");
  });
});
