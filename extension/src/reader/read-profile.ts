// Reads the person of a profile page: the page's JSON-LD first (steady, meant for machines), then
// its markup for what that lacks. Pure: it looks at the document it is given and nothing else, so
// the same code runs on the live page and on the fixture pages of its tests.
import { cleanText } from "./clean-text.ts";
import { linkedPerson, slugOf } from "./json-ld.ts";
import { canonicalLink, headlineNear, locationNear, nameHeading, nameOfTitle, openGraph } from "./page-markup.ts";
import { educationSection, experienceSection } from "./page-sections.ts";
import type { ProfileReading } from "./profile-reading.ts";
import { profileAddress, webAddress } from "./profile-url.ts";
import { splitName } from "./split-name.ts";

/** The person of the page, or null when the page is not a profile (not `/in/<slug>`, or no name). */
export function readProfile(doc: Document, pageUrl: string): ProfileReading | null {
  const page = profileAddress(pageUrl, pageUrl);
  const slug = page === null ? null : slugOf(page);
  if (page === null || slug === null) return null;

  const person = linkedPerson(doc, slug);
  const heading = nameHeading(doc);
  const name =
    person?.givenName || person?.familyName
      ? { first: person.givenName, last: person.familyName }
      : splitName(person?.name ?? cleanText(heading?.textContent) ?? nameOfTitle(openGraph(doc, "og:title")));
  if (name.first === null && name.last === null) return null;

  // The page's own statement of its address first, as the type says; an address that is not a
  // profile's (a redirect to a sign-in page, say) is passed over.
  const profileUrl =
    [canonicalLink(doc), openGraph(doc, "og:url"), ...(person?.addresses ?? [])]
      .map((address) => profileAddress(address, pageUrl))
      .find((address) => address !== null) ?? page;

  // The visible sections name titles and places, JSON-LD's organizations only names and dates:
  // the sections are taken whole when the page shows them, JSON-LD's lists otherwise.
  const shownExperience = experienceSection(doc);
  const experience = shownExperience.length > 0 ? shownExperience : (person?.experience ?? []);
  const shownEducation = educationSection(doc);
  const education = shownEducation.length > 0 ? shownEducation : (person?.education ?? []);
  const latest = experience[0];

  return {
    profile_url: profileUrl,
    first_name: name.first,
    last_name: name.last,
    // schema.org has no headline for a Person; its `description` is the longer summary, so it
    // stands in only when the page shows no headline under the name.
    headline: headlineNear(heading) ?? person?.description ?? null,
    title: person?.jobTitle ?? latest?.title ?? latest?.jobs?.[0]?.title ?? null,
    company: person?.company ?? latest?.company ?? null,
    location: person?.location ?? locationNear(heading),
    avatar_url: webAddress(person?.image, pageUrl) ?? webAddress(openGraph(doc, "og:image"), pageUrl),
    experience,
    education,
  };
}
