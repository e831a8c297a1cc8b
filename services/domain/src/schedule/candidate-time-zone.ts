import { getAllCountries, getCountry, getTimezone } from "countries-and-timezones";

/** Which clock a candidate's steps follow, and why: the payload shows it. */
export interface ChosenTimeZone {
  timeZone: string;
  source: "candidate" | "sequence";
}

/**
 * Cities whose zone is named after another city of the same country. Zones named after the city
 * itself (New York, Chicago, Los Angeles, Toronto, Sydney…) need no entry.
 */
const citiesOfOtherZones: Readonly<Record<string, string>> = {
  "san francisco": "America/Los_Angeles",
  seattle: "America/Los_Angeles",
  "san diego": "America/Los_Angeles",
  boston: "America/New_York",
  washington: "America/New_York",
  atlanta: "America/New_York",
  miami: "America/New_York",
  philadelphia: "America/New_York",
  dallas: "America/Chicago",
  houston: "America/Chicago",
  austin: "America/Chicago",
  montreal: "America/Toronto",
  ottawa: "America/Toronto",
  calgary: "America/Edmonton",
  "rio de janeiro": "America/Sao_Paulo",
  "saint petersburg": "Europe/Moscow",
  "st petersburg": "Europe/Moscow",
  guadalajara: "America/Mexico_City",
  canberra: "Australia/Sydney",
};

function plain(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[._]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

function countryCode(country: string): string | undefined {
  const trimmed = country.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && getCountry(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const wanted = plain(trimmed);
  // People write "United States" as often as the list's "United States of America".
  const english = new Intl.DisplayNames("en", { type: "region" });
  return Object.values(getAllCountries()).find(
    (known) => plain(known.name) === wanted || plain(english.of(known.id) ?? "") === wanted,
  )?.id;
}

/** A country's zones all keep the same time (Germany's Berlin and Büsingen's Zurich): one clock. */
function oneClock(zones: readonly string[]): string | undefined {
  const first = zones[0];
  if (first === undefined) return undefined;
  const offsets = (zone: string) => {
    const known = getTimezone(zone);
    return known ? `${known.utcOffset}/${known.dstOffset}` : zone;
  };
  return zones.every((zone) => offsets(zone) === offsets(first)) ? first : undefined;
}

/**
 * The candidate's own zone when their country has one clock, or their city picks one of its
 * clocks; otherwise the sequence's.
 */
export function candidateTimeZone(
  place: { country?: string | null | undefined; city?: string | null | undefined },
  sequenceTimeZone: string,
): ChosenTimeZone {
  const fallback: ChosenTimeZone = { timeZone: sequenceTimeZone, source: "sequence" };
  const code = place.country ? countryCode(place.country) : undefined;
  const zones = code ? (getCountry(code)?.timezones ?? []) : [];
  const single = oneClock(zones);
  if (single !== undefined) return { timeZone: single, source: "candidate" };
  const city = place.city ? plain(place.city) : "";
  if (city === "") return fallback;
  const named = zones.find((zone) => plain(zone.split("/").at(-1) ?? "") === city);
  const mapped = citiesOfOtherZones[city];
  const zone = named ?? zones.find((known) => known === mapped);
  return zone === undefined ? fallback : { timeZone: zone, source: "candidate" };
}
