// What the page reader takes from a profile page: only the public fields the panel shows, and
// nothing it does not show is ever sent.
import type { EducationItem, ExperienceItem } from "@hirestream/contracts/people/profile.ts";

export interface ProfileReading {
  /** The profile's address as the page gives it (canonical link, else the page's own). */
  profile_url: string;
  first_name: string | null;
  last_name: string | null;
  headline: string | null;
  /** The current position's title and company. */
  title: string | null;
  company: string | null;
  /** As the page writes it, e.g. 'Lisbon, Lisbon, Portugal'. */
  location: string | null;
  avatar_url: string | null;
  experience: ExperienceItem[];
  education: EducationItem[];
}

/** The fields a page may lack; the panel says which are missing rather than inventing them. */
export type ProfileField = Exclude<keyof ProfileReading, "profile_url">;
