import { getAllCountries, getCountry } from "countries-and-timezones";
import { describe, expect, it } from "vitest";
import { candidateTimeZone } from "./candidate-time-zone.ts";
import { CITY_ZONES } from "./city-zones.ts";

const sequenceZone = "America/Chicago";
const zoneOf = (country: string | null, city: string | null = null) =>
  candidateTimeZone({ country, city }, sequenceZone);

describe("candidateTimeZone", () => {
  it("uses the zone of a country that has one, by name or by code", () => {
    expect(zoneOf("India")).toEqual({ timeZone: "Asia/Kolkata", source: "candidate" });
    expect(zoneOf("IN")).toEqual({ timeZone: "Asia/Kolkata", source: "candidate" });
    expect(zoneOf("fr")).toEqual({ timeZone: "Europe/Paris", source: "candidate" });
    expect(zoneOf("United Kingdom")).toEqual({ timeZone: "Europe/London", source: "candidate" });
    expect(zoneOf("Nepal")).toEqual({ timeZone: "Asia/Kathmandu", source: "candidate" });
  });

  it("treats zones that keep the same offsets as one, choosing the country's own", () => {
    expect(zoneOf("Germany")).toEqual({ timeZone: "Europe/Berlin", source: "candidate" });
    expect(zoneOf("DE", "Büsingen")).toEqual({ timeZone: "Europe/Berlin", source: "candidate" });
    // The library lists Asia/Bangkok first for Vietnam.
    expect(zoneOf("Vietnam")).toEqual({ timeZone: "Asia/Ho_Chi_Minh", source: "candidate" });
  });

  it("reads common names the library spells otherwise", () => {
    expect(zoneOf("UK")).toEqual({ timeZone: "Europe/London", source: "candidate" });
    expect(zoneOf("England")).toEqual({ timeZone: "Europe/London", source: "candidate" });
    expect(zoneOf("Türkiye").timeZone).toBe("Europe/Istanbul");
    expect(zoneOf("Turkey").timeZone).toBe("Europe/Istanbul");
    expect(zoneOf("Côte d'Ivoire").timeZone).toBe("Africa/Abidjan");
  });

  it("falls back to the sequence's zone for a country with several zones and no city", () => {
    expect(zoneOf("United States")).toEqual({ timeZone: sequenceZone, source: "sequence" });
    expect(zoneOf("US", "")).toEqual({ timeZone: sequenceZone, source: "sequence" });
  });

  it("picks the zone named after the candidate's city, whatever the case and accents", () => {
    expect(zoneOf("United States", "Los Angeles")).toEqual({ timeZone: "America/Los_Angeles", source: "candidate" });
    expect(zoneOf("US", "los angeles, CA")).toEqual({ timeZone: "America/Los_Angeles", source: "candidate" });
    expect(zoneOf("Brazil", "São Paulo")).toEqual({ timeZone: "America/Sao_Paulo", source: "candidate" });
    expect(zoneOf("Australia", "PERTH")).toEqual({ timeZone: "Australia/Perth", source: "candidate" });
    expect(zoneOf("Canada", "St. John's")).toEqual({ timeZone: "America/St_Johns", source: "candidate" });
    expect(zoneOf("New Zealand", "Chatham")).toEqual({ timeZone: "Pacific/Chatham", source: "candidate" });
  });

  it("maps big cities whose zone bears another city's name", () => {
    expect(zoneOf("United States of America", "San Francisco").timeZone).toBe("America/Los_Angeles");
    expect(zoneOf("US", "Austin, TX").timeZone).toBe("America/Chicago");
    expect(zoneOf("US", "Boston").timeZone).toBe("America/New_York");
    expect(zoneOf("Canada", "Montréal").timeZone).toBe("America/Toronto");
    expect(zoneOf("China", "Beijing").timeZone).toBe("Asia/Shanghai");
  });

  it("does not guess a city it does not know, nor one of another country", () => {
    expect(zoneOf("US", "Portland")).toEqual({ timeZone: sequenceZone, source: "sequence" });
    expect(zoneOf("US", "Toronto")).toEqual({ timeZone: sequenceZone, source: "sequence" });
    expect(zoneOf("Canada", "Boston")).toEqual({ timeZone: sequenceZone, source: "sequence" });
  });

  it("falls back for an unknown or missing country", () => {
    expect(zoneOf("Atlantis")).toEqual({ timeZone: sequenceZone, source: "sequence" });
    expect(zoneOf("ZZ")).toEqual({ timeZone: sequenceZone, source: "sequence" });
    expect(zoneOf(null, "Paris")).toEqual({ timeZone: sequenceZone, source: "sequence" });
    expect(candidateTimeZone({}, "Europe/Paris")).toEqual({ timeZone: "Europe/Paris", source: "sequence" });
  });

  it("maps every listed city to a zone of its own country that the runtime knows", () => {
    const supported = new Set(Intl.supportedValuesOf("timeZone"));
    for (const [country, cities] of Object.entries(CITY_ZONES)) {
      const zones = getCountry(country)?.timezones ?? [];
      expect(zones.length, country).toBeGreaterThan(1);
      for (const [city, zone] of Object.entries(cities)) {
        expect(zones, `${city}, ${country}`).toContain(zone);
        expect(supported.has(zone), zone).toBe(true);
        expect(zoneOf(country, city).timeZone).toBe(zone);
      }
    }
  });

  it("answers, for every country by code and by name, one of its own zones or the sequence's", () => {
    // Intl lists some zones under older names (America/Buenos_Aires) but reads the current ones.
    const readable = (zone: string) => new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
    for (const country of Object.values(getAllCountries())) {
      for (const written of [country.id, country.name, country.name.toUpperCase()]) {
        const chosen = candidateTimeZone({ country: written }, sequenceZone);
        if (chosen.source === "sequence") expect(chosen.timeZone).toBe(sequenceZone);
        else expect(country.timezones, written).toContain(chosen.timeZone);
        expect(readable(chosen.timeZone), chosen.timeZone).toBeTruthy();
      }
    }
  });
});
