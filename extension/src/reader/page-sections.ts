// The Experience and Education sections of the visible page. Found by their headings' words, as a
// reader finds them, since the markup's classes mean nothing: a heading reading "Experience" or
// "Education", then the first list after it, one list item per company or school.
import type { EducationItem, ExperienceItem } from "@hirestream/contracts/people/profile.ts";
import { PERSON_LIST_MAX } from "@hirestream/contracts/people/profile.ts";
import { textOf } from "./clean-text.ts";

type Job = NonNullable<ExperienceItem["jobs"]>[number];

function sectionItems(doc: Document, title: "experience" | "education"): Element[] {
  for (const heading of doc.querySelectorAll("h2, h3")) {
    if (textOf(heading)?.toLowerCase() !== title) continue;
    const section = heading.closest("section") ?? heading.parentElement;
    const list = section?.querySelector("ul, ol");
    if (list === null || list === undefined) continue;
    return [...list.children].filter((child) => child.tagName === "LI").slice(0, PERSON_LIST_MAX);
  }
  return [];
}

// An item's own elements, not those of a list nested in it (a company's several positions).
function own(item: Element, selector: string): Element[] {
  return [...item.querySelectorAll(selector)].filter((element) => element.parentElement?.closest("li") === item);
}

function headingsOf(item: Element): (string | null)[] {
  return own(item, "h3, h4, h5, h6").map((heading) => textOf(heading));
}

// Dates are written in <time> elements; the line holding the first one is the period
// ("Mar 2021 – Present"), words around the dates included.
function periodLine(item: Element): Element | null {
  const time = own(item, "time")[0];
  if (time === undefined) return null;
  const holder = time.parentElement;
  return holder === null || holder === item ? time : holder;
}

/**
 * The place: an `<address>`, else the short line right after the period (pages put the two
 * together under the headings). A line ending with a full stop, or long, is a description, which
 * the reader does not take.
 */
function locationOf(item: Element, period: Element | null): string | null {
  const address = own(item, "address")[0];
  if (address !== undefined) return textOf(address);
  const next = period?.nextElementSibling;
  if (next === null || next === undefined || next.tagName !== "P" || next.querySelector("time") !== null) return null;
  const line = textOf(next);
  return line === null || line.length > 80 || line.endsWith(".") ? null : line;
}

// Only the fields found are set: an item never carries an empty or invented value.
function present<T extends Record<string, unknown>>(fields: T): Partial<{ [K in keyof T]: Exclude<T[K], null> }> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== null && value !== undefined),
  ) as Partial<{ [K in keyof T]: Exclude<T[K], null> }>;
}

function job(item: Element): Job | null {
  const [title = null] = headingsOf(item);
  const fields = present({ title, period: textOf(periodLine(item)) });
  return Object.keys(fields).length === 0 ? null : fields;
}

function experienceItem(item: Element): ExperienceItem | null {
  const nested = own(item, "ul, ol")[0];
  const positions = nested === undefined ? [] : [...nested.children].filter((child) => child.tagName === "LI");
  const [first = null, second = null] = headingsOf(item);
  const period = periodLine(item);
  const jobs = positions
    .map(job)
    .filter((found): found is Job => found !== null)
    .slice(0, PERSON_LIST_MAX);
  // A company with several positions heads its item with the company's name, then lists them.
  const fields =
    positions.length > 0
      ? present({ company: first, location: locationOf(item, period), jobs: jobs.length > 0 ? jobs : null })
      : present({ title: first, company: second, period: textOf(period), location: locationOf(item, period) });
  return Object.keys(fields).length === 0 ? null : fields;
}

function educationItem(item: Element): EducationItem | null {
  const [title = null, description = null] = headingsOf(item);
  const fields = present({ title, description, period: textOf(periodLine(item)) });
  return Object.keys(fields).length === 0 ? null : fields;
}

export function experienceSection(doc: Document): ExperienceItem[] {
  return sectionItems(doc, "experience")
    .map(experienceItem)
    .filter((item): item is ExperienceItem => item !== null);
}

export function educationSection(doc: Document): EducationItem[] {
  return sectionItems(doc, "education")
    .map(educationItem)
    .filter((item): item is EducationItem => item !== null);
}
