import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import { describe, expect, it } from "vitest";
import { personChanges, updatePerson } from "./person-commands.ts";

const personId = "2d0c8a55-7b1e-4a0f-9c6d-1e2f3a4b5c6d";
const ownerId = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const now = new Date("2026-11-22T09:00:00.000Z");

const row: PersonRow = {
  ...emptyProfile(),
  id: personId,
  owner_id: ownerId,
  workspace_ids: [],
  first_name: "Maya",
  last_name: "Okafor",
  company: "Northwind",
  experience: [{ company: "Northwind", title: "Engineer" }],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
};

describe("personChanges", () => {
  it("keeps only the fields that differ", () => {
    expect(personChanges(row, { first_name: "Maya", last_name: "Okafor-Lee", company: "Northwind" })).toEqual({
      last_name: "Okafor-Lee",
    });
  });

  it("trims text and makes blank text null, as the server stores it", () => {
    expect(personChanges(row, { title: "  Staff Engineer ", company: "   " })).toEqual({
      title: "Staff Engineer",
      company: null,
    });
  });

  it("counts spaces around an unchanged value as no change", () => {
    expect(personChanges(row, { first_name: " Maya " })).toEqual({});
  });

  it("replaces a list only when it differs", () => {
    expect(personChanges(row, { experience: [{ company: "Northwind", title: "Engineer" }] })).toEqual({});
    expect(personChanges(row, { education: [{ title: "BSc" }] })).toEqual({ education: [{ title: "BSc" }] });
  });
});

describe("updatePerson", () => {
  it("puts the changed attributes of the person", () => {
    const command = updatePerson(row, { title: "Staff Engineer", first_name: "Maya" }, now);
    expect(command).toMatchObject({
      method: "PUT",
      path: `/people/${personId}`,
      body: { data: { type: "people", id: personId, attributes: { title: "Staff Engineer" } } },
    });
  });

  it("shows the change at once and keeps the rest of the row, without the replica's bookkeeping", () => {
    const command = updatePerson({ ...row, scopes: [`user:${ownerId}`], _pending: 0 }, { about: "Data" }, now);
    expect(command?.optimistic).toEqual([
      { table: "people", id: personId, next: { ...row, about: "Data", updated_at: now.toISOString() } },
    ]);
  });

  it("answers null when nothing changes, so nothing is queued", () => {
    expect(updatePerson(row, { first_name: "Maya", phone: "" }, now)).toBeNull();
  });
});
