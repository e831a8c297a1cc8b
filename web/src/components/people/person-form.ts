// The Edit profile form's values: every field as editable text, and back to profile changes.
import { messages } from "@hirestream/contracts/messages.ts";
import {
  type EducationItem,
  type ExperienceItem,
  type PersonProfile,
  type PersonProfileChanges,
  type PersonTextField,
  personTextFields,
} from "@hirestream/contracts/people/profile.ts";
import { isValidEmail } from "../../forms/auth-rules.ts";
import { newId } from "../../ids/new-id.ts";
import { personChanges } from "./person-commands.ts";

/** `key` only tells list items apart on screen; it is never sent. */
export interface JobDraft {
  key: string;
  title: string;
  period: string;
  description: string;
}
export interface ExperienceDraft {
  key: string;
  company: string;
  title: string;
  location: string;
  period: string;
  jobs: JobDraft[];
}
export interface EducationDraft {
  key: string;
  title: string;
  description: string;
  period: string;
}
export type ProfileDraft = Record<PersonTextField, string> & {
  experience: ExperienceDraft[];
  education: EducationDraft[];
};

type NewKey = () => string;
const randomKey: NewKey = newId;

export const emptyJob = (newKey: NewKey = randomKey): JobDraft => ({
  key: newKey(),
  title: "",
  period: "",
  description: "",
});
export const emptyExperience = (newKey: NewKey = randomKey): ExperienceDraft => ({
  key: newKey(),
  company: "",
  title: "",
  location: "",
  period: "",
  jobs: [],
});
export const emptyEducation = (newKey: NewKey = randomKey): EducationDraft => ({
  key: newKey(),
  title: "",
  description: "",
  period: "",
});

export function draftOf(profile: PersonProfile, newKey: NewKey = randomKey): ProfileDraft {
  const text = Object.fromEntries(personTextFields.map((name) => [name, profile[name] ?? ""])) as Record<
    PersonTextField,
    string
  >;
  return {
    ...text,
    experience: profile.experience.map((item) => ({
      ...emptyExperience(newKey),
      company: item.company ?? "",
      title: item.title ?? "",
      location: item.location ?? "",
      period: item.period ?? "",
      jobs: (item.jobs ?? []).map((job) => ({
        ...emptyJob(newKey),
        title: job.title ?? "",
        period: job.period ?? "",
        description: job.description ?? "",
      })),
    })),
    education: profile.education.map((item) => ({
      ...emptyEducation(newKey),
      title: item.title ?? "",
      description: item.description ?? "",
      period: item.period ?? "",
    })),
  };
}

/** The named fields that hold text, trimmed; blank ones are left out. */
function filled<K extends string>(values: Record<K, string>, names: readonly K[]): Partial<Record<K, string>> {
  const kept: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = values[name].trim();
    if (value !== "") kept[name] = value;
  }
  return kept;
}

/** The lists as stored: blank fields left out, and an item with nothing in it dropped. */
export function experienceOf(drafts: readonly ExperienceDraft[]): ExperienceItem[] {
  return drafts.flatMap((draft) => {
    const jobs = draft.jobs
      .map((job) => filled(job, ["title", "period", "description"]))
      .filter((job) => Object.keys(job).length > 0);
    const item: ExperienceItem = {
      ...filled(draft, ["company", "title", "location", "period"]),
      ...(jobs.length > 0 ? { jobs } : {}),
    };
    return Object.keys(item).length > 0 ? [item] : [];
  });
}

export function educationOf(drafts: readonly EducationDraft[]): EducationItem[] {
  return drafts.flatMap((draft) => {
    const item: EducationItem = filled(draft, ["title", "description", "period"]);
    return Object.keys(item).length > 0 ? [item] : [];
  });
}

/**
 * What the form changes in the profile; empty when nothing. Lists compare in their stored form,
 * so a blank item added and left empty, or a profile list written in another key order, is no change.
 */
export function draftChanges(profile: PersonProfile, draft: ProfileDraft): PersonProfileChanges {
  const changes: PersonProfileChanges = {};
  for (const name of personTextFields) changes[name] = draft[name];
  const experience = experienceOf(draft.experience);
  if (JSON.stringify(experience) !== JSON.stringify(experienceOf(draftOf(profile).experience)))
    changes.experience = experience;
  const education = educationOf(draft.education);
  if (JSON.stringify(education) !== JSON.stringify(educationOf(draftOf(profile).education)))
    changes.education = education;
  return personChanges(profile, changes);
}

/** The spec's 'Valid email is required', for an email field that is filled in. */
export function emailProblem(value: string): string | null {
  return value.trim() === "" || isValidEmail(value) ? null : messages.validEmail;
}
