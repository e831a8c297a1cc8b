import type { PersonProfile } from "@hirestream/contracts/people/profile.ts";

// Made-up candidates with every field a recruiter fills, shared by the CSV import figure and the
// Talent Pool seed. Index arithmetic, not randomness: a search term matches the same people in
// every run, so the figures of two runs compare.

const firstNames = [
  "Maya",
  "Tomás",
  "Aisha",
  "Lin",
  "Carlos",
  "Ingrid",
  "Kwame",
  "Sofia",
  "Rahul",
  "Elena",
  "Yuki",
  "Omar",
  "Grace",
  "Mateo",
  "Priya",
  "Jonas",
  "Amara",
  "Diego",
  "Hana",
  "Zoë",
];
const lastNames = [
  "Okafor",
  "Lindqvist",
  "Haddad",
  "Chen",
  "Alvarez",
  "Berg",
  "Mensah",
  "Rossi",
  "Sharma",
  "Petrova",
  "Tanaka",
  "Farouk",
  "Kim",
  "García",
  "Patel",
  "Weber",
  "Nwosu",
  "Torres",
  "Sato",
  "Novak",
  "Dubois",
  "Kowalski",
  "Silva",
  "Murphy",
  "Yilmaz",
];
/** Two hold a comma, so a CSV writer has to quote them. */
const companies = [
  "Northwind",
  "Fjord Studio",
  "Tidewell",
  "Brightfold",
  "Quarry & Pine, Ltd.",
  "Larkspur Health",
  "Oakhollow Labs",
  "Meridian Freight",
  "Copperleaf",
  "Bluefin Analytics",
  "Stonebridge",
  "Halcyon Bank, N.A.",
];
const titles = [
  "Data Engineer",
  "Product Designer",
  "Account Executive",
  "Staff Engineer",
  "Director, Talent Acquisition",
  "Nurse Practitioner",
  "Financial Analyst",
  "Marketing Manager",
  "Site Reliability Engineer",
  "Head of Sales",
];
const places: readonly (readonly [city: string, state: string, country: string])[] = [
  ["Lagos", "Lagos State", "Nigeria"],
  ["Stockholm", "Stockholm County", "Sweden"],
  ["Beirut", "Beirut Governorate", "Lebanon"],
  ["Shanghai", "Shanghai", "China"],
  ["Madrid", "Community of Madrid", "Spain"],
  ["Oslo", "Oslo", "Norway"],
  ["Accra", "Greater Accra", "Ghana"],
  ["Milan", "Lombardy", "Italy"],
  ["Pune", "Maharashtra", "India"],
  ["Sofia", "Sofia City", "Bulgaria"],
  ["Osaka", "Osaka Prefecture", "Japan"],
  ["Cairo", "Cairo Governorate", "Egypt"],
  ["Seoul", "Seoul", "South Korea"],
  ["Lima", "Lima Province", "Peru"],
  ["Austin", "TX", "United States"],
];
const degrees = [
  "BSc Computer Science",
  "MSc Industrial Design",
  "BA Economics",
  "MBA",
  "BSN Nursing",
  "MSc Statistics",
  "BEng Mechanical Engineering",
];
const universities = [
  "University of Lagos",
  "KTH Royal Institute of Technology",
  "American University of Beirut",
  "Fudan University",
  "Universidad Complutense de Madrid",
  "University of Oslo",
  "Politecnico di Milano",
];

/** Cycles through a list by index; the lists are never empty. */
function pick<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error("pick from an empty list");
  return value;
}

/** Lower-case ASCII for addresses and handles: "Tomás García" → "tomas", "garcia". */
function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const abouts = [
  "Builds streaming data platforms; open to staff roles.",
  "Designs B2B tools, speaks Swedish, English and Spanish, and mentors junior designers.",
  "Closed the largest enterprise deal of 2025; looking for a team that sells to hospitals.",
  "Runs on-call for a payments platform, cut incident time in half, writes Go and TypeScript.",
  "Hired 40 engineers in a year across three time zones; prefers remote-first companies.",
];

/**
 * Person `index` of a batch. `tag` goes into every address, so that batches never share one: an
 * import matches people by any of their three addresses, and a shared one would make a row
 * "existing" instead of new.
 */
export function samplePerson(index: number, tag: string): PersonProfile {
  // Different strides, so that names, employers and places combine in many ways.
  const first = pick(firstNames, index);
  const last = pick(lastNames, Math.floor(index / 7));
  const company = pick(companies, Math.floor(index / 3));
  const title = pick(titles, Math.floor(index / 11));
  const [city, state, country] = pick(places, Math.floor(index / 13));
  const handle = `${slug(first)}-${slug(last)}-${tag}${index}`;
  const previous = pick(companies, index + 5);
  return {
    first_name: first,
    last_name: last,
    email: `${slug(first)}.${slug(last)}.${tag}${index}@example.com`,
    email_second: `${slug(first).slice(0, 1)}${slug(last)}.${tag}${index}@mail.example.org`,
    email_work: `${slug(first)}.${tag}${index}@${slug(company)}.example`,
    phone: `+1 415 555 ${String(index % 10_000).padStart(4, "0")}`,
    city,
    state,
    country,
    degree: pick(degrees, index),
    company,
    title,
    linkedin: `https://www.linkedin.com/in/${handle}`,
    github: `https://github.com/${handle}`,
    twitter: `https://twitter.com/${handle.replaceAll("-", "_")}`,
    facebook: `https://www.facebook.com/${handle}`,
    website: `https://${handle}.example.net`,
    avatar_url: `https://avatars.example.net/${handle}.png`,
    about: `${pick(abouts, index)} Based in ${city}, ${country}; ${index % 4} years at ${company}.`,
    experience: [
      {
        company,
        title,
        location: `${city}, ${country}`,
        period: "2022 – present",
        jobs: [{ title, period: "2022 – present", description: "Leads a team of five; owns hiring for the group." }],
      },
      {
        company: previous,
        title: pick(titles, index + 3),
        location: pick(places, index + 2).join(", "),
        period: "2017 – 2022",
        jobs: [
          { title: pick(titles, index + 3), period: "2017 – 2022", description: "Shipped the core product twice." },
        ],
      },
    ],
    education: [
      {
        title: `${pick(degrees, index)}, ${pick(universities, index)}`,
        description: "Thesis on distributed systems; teaching assistant for two years.",
        period: "2012 – 2016",
      },
      { title: `Exchange semester, ${pick(universities, index + 3)}`, description: "Product design.", period: "2015" },
    ],
  };
}
