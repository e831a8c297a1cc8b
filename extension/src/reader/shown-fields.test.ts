// @vitest-environment happy-dom
import type { ProfileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { describe, expect, it } from "vitest";
import { fixturePages, parsePage, profilePages } from "./fixtures/fixture-pages.ts";
import { attributesOfProfile } from "./profile-attributes.ts";
import { readProfile } from "./read-profile.ts";
import { shownFields } from "./shown-fields.ts";

const profiles = profilePages;

function attributesOf(name: (typeof profiles)[number]) {
  const reading = readProfile(parsePage(fixturePages[name].html), fixturePages[name].url);
  if (reading === null) throw new Error(`${name} reads as no profile`);
  return attributesOfProfile(reading);
}

// Every text the attributes carry, however deep (an experience item's job's title included).
function textsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(textsOf);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(textsOf);
  return [];
}

// Every field the call takes about a person, job descriptions and email included.
const everyField: ProfileAttributes = {
  first_name: "Zé",
  last_name: "Mar",
  email: "ze@example.test",
  linkedin: "https://www.linkedin.com/in/ze",
  about: "Sailor",
  title: "Captain",
  company: "Tall Ships",
  city: "Faro",
  state: "Algarve",
  country: "Portugal",
  avatar_url: "https://media.example.test/ze.jpg",
  experience: [
    {
      title: "Mate",
      company: "Brig",
      location: "Lagos",
      period: "2001",
      jobs: [{ title: "Cook", period: "1999", description: "Galley" }],
    },
  ],
  education: [{ title: "Naval School", description: "Navigation", period: "1998" }],
};

describe("shownFields", () => {
  it("shows a full profile's fields as rows, one per experience and education item", () => {
    expect(shownFields(attributesOf("fullProfile"))).toEqual([
      { key: "first_name", label: "First name", value: "Marta" },
      { key: "last_name", label: "Last name", value: "Quintela" },
      { key: "about", label: "Headline", value: "Staff Engineer at Tidewater Labs · Payments, Rust and Postgres" },
      { key: "title", label: "Title", value: "Staff Engineer" },
      { key: "company", label: "Company", value: "Tidewater Labs" },
      { key: "city", label: "City", value: "Lisbon" },
      { key: "state", label: "State", value: "Lisbon" },
      { key: "country", label: "Country", value: "Portugal" },
      { key: "linkedin", label: "Profile", value: "https://www.linkedin.com/in/marta-quintela-4b2a/" },
      { key: "avatar_url", label: "Photo", value: "https://media.example.test/photos/marta.jpg" },
      {
        key: "experience",
        label: "Experience",
        value: "Staff Engineer · Tidewater Labs · Lisbon, Portugal · Mar 2021 – Present · 3 yrs 9 mos",
      },
      {
        key: "experience",
        label: "Experience",
        value: "Software Engineer · Northbeam Payments · Remote · Sep 2016 – Feb 2021",
      },
      {
        key: "education",
        label: "Education",
        value: "Instituto Superior de Exemplo · MSc, Computer Science · 2013 – 2015",
      },
      { key: "education", label: "Education", value: "Escola Secundária da Ribeira · 2007 – 2010" },
    ]);
  });

  it("shows a company's several positions on its one row", () => {
    const rows = shownFields(attributesOf("severalPositions")).filter((row) => row.key === "experience");
    expect(rows.map((row) => row.value)).toEqual([
      "Brightwell Logistics · Setúbal, Portugal: Operations Director · Jan 2022 – Present; Depot Manager · Apr 2019 – Dec 2021; Shift Lead",
      "Planner · Quayside Freight · Jun 2015 – Oct 2017",
    ]);
  });

  it.each([...profiles.map((name) => [name, attributesOf(name)] as const), ["every field", everyField] as const])(
    "shows every field that is sent and nothing else, for %s",
    (_, attributes) => {
      const rows = shownFields(attributes);
      expect(new Set(rows.map((row) => row.key))).toEqual(new Set(Object.keys(attributes)));
      const shown = rows.map((row) => row.value).join("\n");
      for (const text of textsOf(attributes)) expect(shown).toContain(text);
    },
  );
});
