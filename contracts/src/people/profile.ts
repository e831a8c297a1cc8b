// What a person (a candidate) is made of, spec §3: the text fields, work experience and education.
import { z } from "zod";
import { text } from "../text.ts";

/** Short fields (names, emails, links) and the long About. Limits keep one row a reasonable size. */
export const PERSON_FIELD_MAX = 500;
export const PERSON_ABOUT_MAX = 10_000;
export const PERSON_LIST_MAX = 50;

export const personTextFields = [
  "first_name",
  "last_name",
  "email",
  "email_second",
  "email_work",
  "phone",
  "city",
  "state",
  "country",
  "degree",
  "company",
  "title",
  "linkedin",
  "github",
  "twitter",
  "facebook",
  "website",
  "avatar_url",
  "about",
] as const;
export type PersonTextField = (typeof personTextFields)[number];

/** The three addresses a person may be known by; any of them identifies the person. */
export const personEmailFields = ["email", "email_second", "email_work"] as const;

const field = (max: number) => text().max(max, { error: `is too long (maximum is ${max} characters)` });
const short = field(PERSON_FIELD_MAX);

export const job = z
  .object({ title: short.optional(), period: short.optional(), description: short.optional() })
  .strict();

export const experienceItem = z
  .object({
    company: short.optional(),
    title: short.optional(),
    location: short.optional(),
    period: short.optional(),
    jobs: z.array(job).max(PERSON_LIST_MAX).optional(),
  })
  .strict();
export type ExperienceItem = z.infer<typeof experienceItem>;

export const educationItem = z
  .object({ title: short.optional(), description: field(PERSON_ABOUT_MAX).optional(), period: short.optional() })
  .strict();
export type EducationItem = z.infer<typeof educationItem>;

const textShape = Object.fromEntries(
  personTextFields.map((name) => [name, (name === "about" ? field(PERSON_ABOUT_MAX) : short).nullable()]),
) as { [K in PersonTextField]: z.ZodNullable<ReturnType<typeof field>> };

/** Every field of a person; absent text is null, absent lists are empty. */
export const personProfile = z
  .object({
    ...textShape,
    experience: z.array(experienceItem).max(PERSON_LIST_MAX),
    education: z.array(educationItem).max(PERSON_LIST_MAX),
  })
  .strict();
export type PersonProfile = z.infer<typeof personProfile>;

/** A change to some fields: those given replace, the others stay. */
export const personProfileChanges = personProfile.partial();
export type PersonProfileChanges = z.infer<typeof personProfileChanges>;

export function emptyProfile(): PersonProfile {
  const profile = Object.fromEntries(personTextFields.map((name) => [name, null])) as {
    [K in PersonTextField]: string | null;
  };
  return { ...profile, experience: [], education: [] };
}

/** The identity used to match people: each address trimmed and lower-cased, blanks dropped. */
export function identityEmails(profile: Pick<PersonProfile, (typeof personEmailFields)[number]>): string[] {
  const emails = personEmailFields
    .map((name) => profile[name]?.trim().toLowerCase() ?? "")
    .filter((email) => email.length > 0);
  return [...new Set(emails)];
}
