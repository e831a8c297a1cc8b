// What the extension sends for a page's person: the reading in the call's words, with the fields
// the page lacked left out, never sent as empty strings.
import type { ProfileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import { cleanText } from "./clean-text.ts";
import type { ProfileReading } from "./profile-reading.ts";

export interface Place {
  city: string | null;
  state: string | null;
  country: string | null;
}

// Single-part locations are mostly countries ("Portugal"), except the network's metropolitan areas.
const area = /\b(area|greater|metropolitan|region)\b/i;

/**
 * A location as the page writes it, in parts: "City, State, Country" (more parts: the middle ones
 * are the state), "City, Country", and a single part is a country ("Portugal") unless it names an
 * area ("Greater Lisbon Area"), which is kept as the city.
 */
export function splitLocation(location: string | null): Place {
  const parts = (location ?? "")
    .split(",")
    .map((part) => cleanText(part))
    .filter((part): part is string => part !== null);
  const [first = null] = parts;
  const last = parts.at(-1) ?? null;
  if (parts.length >= 3) return { city: first, state: cleanText(parts.slice(1, -1).join(", ")), country: last };
  if (parts.length === 2) return { city: first, state: null, country: last };
  if (first !== null && area.test(first)) return { city: first, state: null, country: null };
  return { city: null, state: null, country: first };
}

type Optional = Exclude<keyof ProfileAttributes, "linkedin" | "workspace_id" | "project_id" | "stage_id">;

export function attributesOfProfile(reading: ProfileReading): ProfileAttributes {
  const place = splitLocation(reading.location);
  const found: { [K in Optional]?: ProfileAttributes[K] | null } = {
    first_name: reading.first_name,
    last_name: reading.last_name,
    about: reading.headline,
    title: reading.title,
    company: reading.company,
    ...place,
    avatar_url: reading.avatar_url,
    experience: reading.experience.length > 0 ? reading.experience : null,
    education: reading.education.length > 0 ? reading.education : null,
  };
  const attributes: ProfileAttributes = { linkedin: reading.profile_url };
  for (const [key, value] of Object.entries(found)) {
    if (value !== null && value !== undefined) Object.assign(attributes, { [key]: value });
  }
  return attributes;
}
