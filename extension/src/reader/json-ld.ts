// The person as the page describes them for search engines: schema.org JSON-LD (`Person`, on its
// own, in an array, inside `@graph`, or as a `ProfilePage`'s `mainEntity`). It is the steadiest
// part of such pages, since the visible markup's classes are obfuscated and change, so the reader
// takes it first. The JSON is untrusted: anything malformed or of the wrong shape is skipped.
import type { EducationItem, ExperienceItem } from "@hirestream/contracts/people/profile.ts";
import { PERSON_LIST_MAX } from "@hirestream/contracts/people/profile.ts";
import { cleanText, UNCAPPED } from "./clean-text.ts";

export interface LinkedPerson {
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  jobTitle: string | null;
  company: string | null;
  location: string | null;
  description: string | null;
  image: string | null;
  /** `url` and `sameAs`, unchecked. */
  addresses: string[];
  experience: ExperienceItem[];
  education: EducationItem[];
}

type Node = Record<string, unknown>;

function asNode(value: unknown): Node | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Node) : null;
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function asText(value: unknown, max?: number): string | null {
  return typeof value === "string" ? cleanText(value, max) : null;
}

// Years are often written as numbers (`"startDate": 2014`); other fields are text only.
function asDate(value: unknown): string | null {
  return typeof value === "number" && Number.isInteger(value) ? String(value) : asText(value);
}

function firstText(value: unknown): string | null {
  for (const item of asList(value)) {
    const text = asText(item) ?? asText(asNode(item)?.name);
    if (text !== null) return text;
  }
  return null;
}

function typesOf(node: Node): string[] {
  return asList(node["@type"]).filter((type): type is string => typeof type === "string");
}

// Nesting deeper than this is not a profile's description; the bound keeps hostile JSON cheap.
const MAX_DEPTH = 4;

function collect(value: unknown, depth: number, into: { node: Node; main: boolean }[], main: boolean): void {
  if (depth > MAX_DEPTH) return;
  for (const item of asList(value)) {
    const node = asNode(item);
    if (node === null) continue;
    into.push({ node, main });
    collect(node["@graph"], depth + 1, into, false);
    if (typesOf(node).includes("ProfilePage")) collect(node.mainEntity, depth + 1, into, true);
  }
}

/**
 * The page's Person: the ProfilePage's main entity, else the one whose `url`/`sameAs` is this
 * profile's slug (a page may also describe other people), else the first. Null when there is none.
 */
export function linkedPerson(doc: Document, slug: string): LinkedPerson | null {
  const found: { node: Node; main: boolean }[] = [];
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    let value: unknown;
    try {
      value = JSON.parse(script.textContent ?? "");
    } catch {
      continue;
    }
    collect(value, 0, found, false);
  }
  const people = found.filter(({ node }) => typesOf(node).includes("Person"));
  const chosen =
    people.find(({ main }) => main) ??
    people.find(({ node }) => addressesOf(node).some((address) => slugOf(address) === slug)) ??
    people[0];
  return chosen === undefined ? null : describe(chosen.node);
}

function addressesOf(node: Node): string[] {
  return [...asList(node.url), ...asList(node.sameAs)].filter((item): item is string => typeof item === "string");
}

export function slugOf(address: string): string | null {
  const match = /\/in\/([^/?#]+)/.exec(address);
  return match?.[1] === undefined ? null : decodeURIComponent(match[1]).toLowerCase();
}

function describe(node: Node): LinkedPerson {
  const employers = asList(node.worksFor).map(asNode);
  const schools = asList(node.alumniOf).map(asNode);
  return {
    name: asText(node.name),
    givenName: asText(node.givenName),
    familyName: asText(node.familyName),
    jobTitle: firstText(node.jobTitle),
    company: firstText(node.worksFor),
    location: locationOf(node.address),
    description: asText(node.description),
    image: imageOf(node.image),
    addresses: addressesOf(node),
    experience: [
      ...employers.map((employer) => employment(employer, true)),
      // alumniOf also lists past employers (as plain organizations) beside the schools.
      ...schools.filter((school) => school !== null && !isSchool(school)).map((org) => employment(org, false)),
    ]
      .filter((item): item is ExperienceItem => item !== null)
      .slice(0, PERSON_LIST_MAX),
    education: schools
      .filter((school): school is Node => school !== null && isSchool(school))
      .map(schooling)
      .filter((item): item is EducationItem => item !== null)
      .slice(0, PERSON_LIST_MAX),
  };
}

function isSchool(node: Node): boolean {
  const types = typesOf(node);
  return types.length === 0 || types.some((type) => /Educational|College|University|School/.test(type));
}

function locationOf(value: unknown): string | null {
  for (const item of asList(value)) {
    const node = asNode(item);
    if (node === null) {
      const text = asText(item);
      if (text !== null) return text;
      continue;
    }
    const parts = [node.addressLocality, node.addressRegion, firstText(node.addressCountry)]
      .map((part) => asText(part))
      .filter((part): part is string => part !== null);
    if (parts.length > 0) return cleanText(parts.join(", "));
  }
  return null;
}

function imageOf(value: unknown): string | null {
  for (const item of asList(value)) {
    const node = asNode(item);
    const text =
      node === null ? asText(item, UNCAPPED) : (asText(node.contentUrl, UNCAPPED) ?? asText(node.url, UNCAPPED));
    if (text !== null) return text;
  }
  return null;
}

// An organization's role (`member`, an OrganizationRole) carries the dates of the person's time there.
function periodOf(org: Node, current: boolean): string | null {
  const role =
    asList(org.member)
      .map(asNode)
      .find((node) => node !== null) ?? org;
  const start = asDate(role.startDate);
  const end = asDate(role.endDate);
  if (start !== null && end !== null) return `${start} – ${end}`;
  if (start !== null) return current ? `since ${start}` : start;
  return end;
}

function employment(org: Node | null, current: boolean): ExperienceItem | null {
  if (org === null) return null;
  const company = asText(org.name);
  const period = periodOf(org, current);
  if (company === null) return null;
  return period === null ? { company } : { company, period };
}

function schooling(school: Node): EducationItem | null {
  const title = asText(school.name);
  const period = periodOf(school, false);
  if (title === null) return null;
  return period === null ? { title } : { title, period };
}
