// @vitest-environment happy-dom
import { profileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { describe, expect, it } from "vitest";
import { fixturePages, parsePage, profilePages } from "./fixtures/fixture-pages.ts";
import { attributesOfProfile, splitLocation } from "./profile-attributes.ts";
import type { ProfileReading } from "./profile-reading.ts";
import { readProfile } from "./read-profile.ts";

const profiles = profilePages;

function reading(name: (typeof profiles)[number]): ProfileReading {
  const found = readProfile(parsePage(fixturePages[name].html), fixturePages[name].url);
  if (found === null) throw new Error(`${name} reads as no profile`);
  return found;
}

describe("splitLocation", () => {
  it("reads three parts as city, state and country", () => {
    expect(splitLocation("Lisbon, Lisbon, Portugal")).toEqual({ city: "Lisbon", state: "Lisbon", country: "Portugal" });
  });

  it("keeps the middle parts of a longer location as the state", () => {
    expect(splitLocation("Gaia, Porto, Norte, Portugal")).toEqual({
      city: "Gaia",
      state: "Porto, Norte",
      country: "Portugal",
    });
  });

  it("reads two parts as city and country", () => {
    expect(splitLocation(" Porto ,Portugal")).toEqual({ city: "Porto", state: null, country: "Portugal" });
  });

  it("reads one part as a country", () => {
    expect(splitLocation("Portugal")).toEqual({ city: null, state: null, country: "Portugal" });
  });

  it("reads one part naming an area as the city", () => {
    expect(splitLocation("Greater Lisbon Area")).toEqual({ city: "Greater Lisbon Area", state: null, country: null });
    expect(splitLocation("Lisbon Metropolitan Area")).toMatchObject({ city: "Lisbon Metropolitan Area" });
  });

  it("reads nothing from no location or empty parts", () => {
    expect(splitLocation(null)).toEqual({ city: null, state: null, country: null });
    expect(splitLocation(" , ")).toEqual({ city: null, state: null, country: null });
  });
});

describe("attributesOfProfile", () => {
  it("sends a full profile's fields in the call's words", () => {
    const full = reading("fullProfile");
    expect(attributesOfProfile(full)).toEqual({
      linkedin: "https://www.linkedin.com/in/marta-quintela-4b2a/",
      first_name: "Marta",
      last_name: "Quintela",
      about: "Staff Engineer at Tidewater Labs · Payments, Rust and Postgres",
      title: "Staff Engineer",
      company: "Tidewater Labs",
      city: "Lisbon",
      state: "Lisbon",
      country: "Portugal",
      avatar_url: "https://media.example.test/photos/marta.jpg",
      experience: full.experience,
      education: full.education,
    });
  });

  it("leaves out what the page lacked instead of sending it empty", () => {
    expect(attributesOfProfile(reading("sparseProfile"))).toEqual({
      linkedin: "https://www.linkedin.com/in/nkechi-o",
      first_name: "Nkechi",
    });
  });

  it.each(profiles)("gives attributes the call accepts, without empty values, for %s", (name) => {
    const attributes = attributesOfProfile(reading(name));
    expect(profileAttributes.safeParse(attributes).error).toBeUndefined();
    for (const value of Object.values(attributes)) {
      expect(value).not.toBe("");
      expect(value).not.toBeNull();
      expect(value).not.toEqual([]);
    }
  });
});
