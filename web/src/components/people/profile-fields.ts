// How the profile's text fields are named on screen, and how the Edit profile form groups them.
import type { PersonTextField } from "@hirestream/contracts/people/profile.ts";

export const fieldLabels: Record<PersonTextField, string> = {
  first_name: "First name",
  last_name: "Last name",
  email: "Email",
  email_second: "Second email",
  email_work: "Work email",
  phone: "Phone",
  city: "City",
  state: "State",
  country: "Country",
  degree: "Degree",
  company: "Company",
  title: "Title",
  linkedin: "LinkedIn",
  github: "GitHub",
  twitter: "Twitter",
  facebook: "Facebook",
  website: "Website",
  avatar_url: "Avatar URL",
  about: "About",
};

/** Every text field in exactly one group; About is long text and gets its own. */
export const fieldGroups: readonly { legend: string; fields: readonly PersonTextField[] }[] = [
  { legend: "Name", fields: ["first_name", "last_name"] },
  { legend: "Contact", fields: ["email", "email_second", "email_work", "phone", "city", "state", "country"] },
  { legend: "Work", fields: ["company", "title", "degree"] },
  { legend: "Links", fields: ["linkedin", "github", "twitter", "facebook", "website", "avatar_url"] },
  { legend: "About", fields: ["about"] },
];
