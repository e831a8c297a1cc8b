import { type Country, getAllCountries, getCountry, getTimezone } from "countries-and-timezones";
import { CITY_ZONES } from "./city-zones.ts";
import { placeKey } from "./place-names.ts";
import { isKnownTimeZone } from "./wall-clock.ts";

/** Which zone a step's times are read in, and whether it came from the candidate or the sequence. */
export type ChosenTimeZone = { timeZone: string; source: "candidate" | "sequence" };

/** Names people write that differ from the library's country names. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: "US",
  "united states": "US",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  "czech republic": "CZ",
  korea: "KR",
  "republic of korea": "KR",
  "the netherlands": "NL",
  holland: "NL",
  turkey: "TR",
  "viet nam": "VN",
  uae: "AE",
  "cote divoire": "CI",
};

// Built once: the library's country names by place key.
let countriesByName: Map<string, Country> | undefined;

function countryOf(name: string): Country | null {
  const key = placeKey(name);
  if (key === "") return null;
  if (/^[a-z]{2}$/.test(key)) {
    const byCode = getCountry(key.toUpperCase());
    if (byCode) return byCode;
  }
  if (countriesByName === undefined) {
    countriesByName = new Map(Object.values(getAllCountries()).map((country) => [placeKey(country.name), country]));
  }
  const alias = COUNTRY_ALIASES[key];
  return countriesByName.get(key) ?? (alias === undefined ? null : getCountry(alias));
}

/** Zones that keep the same standard and summer offsets are one time zone to a recruiter. */
function behaviourOf(zone: string): string {
  const data = getTimezone(zone);
  return data ? `${data.utcOffset}/${data.dstOffset}` : zone;
}

/** The country's one zone, preferring the zone the country owns (Europe/Berlin over Zurich). */
function singleZoneOf(country: Country, zones: string[]): string | null {
  const behaviours = new Set(zones.map(behaviourOf));
  if (behaviours.size !== 1) return null;
  return zones.find((zone) => getTimezone(zone)?.countries[0] === country.id) ?? zones[0] ?? null;
}

function cityZoneOf(country: Country, zones: string[], city: string): string | null {
  const key = placeKey(city);
  if (key === "") return null;
  const named = zones.find((zone) => placeKey((zone.split("/").at(-1) ?? "").replaceAll("_", " ")) === key);
  if (named) return named;
  const mapped = CITY_ZONES[country.id]?.[key];
  return mapped !== undefined && zones.includes(mapped) ? mapped : null;
}

/**
 * The zone a candidate's steps go out in: the candidate's when their country (an alpha-2 code or
 * a name) has one time zone, or when their city picks one of the country's zones; otherwise the
 * sequence's own.
 */
export function candidateTimeZone(
  place: { country?: string | null | undefined; city?: string | null | undefined },
  fallbackZone: string,
): ChosenTimeZone {
  const fallback: ChosenTimeZone = { timeZone: fallbackZone, source: "sequence" };
  const country = place.country ? countryOf(place.country) : null;
  if (country === null) return fallback;
  const zones = country.timezones.filter(isKnownTimeZone);
  const zone = singleZoneOf(country, zones) ?? (place.city ? cityZoneOf(country, zones, place.city) : null);
  return zone === null ? fallback : { timeZone: zone, source: "candidate" };
}
