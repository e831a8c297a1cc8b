import { personTextFields } from "@hirestream/contracts/people/profile.ts";
import { expect, it } from "vitest";
import { fieldGroups } from "./profile-fields.ts";

it("puts every text field of the profile in exactly one group of the Edit profile form", () => {
  const grouped = fieldGroups.flatMap((group) => group.fields);
  expect([...grouped].sort()).toEqual([...personTextFields].sort());
});
