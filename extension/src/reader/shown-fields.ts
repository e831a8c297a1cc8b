// The panel's rows: the person's fields exactly as they will be sent, so that what the user sees
// is all that goes out. Built from the attributes themselves, never from the page.
import type { ProfileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import type { EducationItem, ExperienceItem } from "@hirestream/contracts/people/profile.ts";

/** The attributes that describe the person (where they go is chosen in the panel, not read). */
export type ShownKey = Exclude<keyof ProfileAttributes, "workspace_id" | "project_id" | "stage_id">;

export interface ShownField {
  key: ShownKey;
  label: string;
  value: string;
}

const labels: Record<ShownKey, string> = {
  first_name: "First name",
  last_name: "Last name",
  about: "Headline",
  title: "Title",
  company: "Company",
  city: "City",
  state: "State",
  country: "Country",
  email: "Email",
  linkedin: "Profile",
  avatar_url: "Photo",
  experience: "Experience",
  education: "Education",
};

const order = Object.keys(labels) as ShownKey[];

function line(parts: (string | undefined)[]): string {
  return parts.filter((part): part is string => part !== undefined && part !== "").join(" · ");
}

function experienceLine(item: ExperienceItem): string {
  const head = line([item.title, item.company, item.location, item.period]);
  const jobs = (item.jobs ?? []).map((job) => line([job.title, job.period, job.description])).join("; ");
  return jobs === "" ? head : `${head}: ${jobs}`;
}

function educationLine(item: EducationItem): string {
  return line([item.title, item.description, item.period]);
}

/** One row per field sent, and one per experience or education item, in the panel's order. */
export function shownFields(attributes: ProfileAttributes): ShownField[] {
  const rows: ShownField[] = [];
  for (const key of order) {
    const label = labels[key];
    if (key === "experience") {
      for (const item of attributes.experience ?? []) rows.push({ key, label, value: experienceLine(item) });
    } else if (key === "education") {
      for (const item of attributes.education ?? []) rows.push({ key, label, value: educationLine(item) });
    } else {
      const value = attributes[key];
      if (typeof value === "string") rows.push({ key, label, value });
    }
  }
  return rows;
}
