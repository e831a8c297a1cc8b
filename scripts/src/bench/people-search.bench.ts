import pg from "pg";
import { signUp } from "./api-client.ts";
import { startBenchServer } from "./http-server.ts";

export interface SearchTermRun {
  term: string;
  matches: number;
  p50: number;
  p95: number;
}

export interface PeopleSearchResult {
  people: number;
  requestsPerTerm: number;
  terms: SearchTermRun[];
  /** Over every request of every term. */
  p95: number;
}

const firstNames = [
  "Maya",
  "Tomas",
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
  "Felix",
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
  "Garcia",
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
const companies = [
  "Northwind",
  "Fjord Studio",
  "Tidewell",
  "Brightfold",
  "Quarry & Pine",
  "Larkspur Health",
  "Oakhollow Labs",
  "Meridian Freight",
  "Copperleaf",
  "Bluefin Analytics",
  "Stonebridge",
  "Halcyon Bank",
];
const titles = [
  "Data Engineer",
  "Product Designer",
  "Account Executive",
  "Staff Engineer",
  "Recruiter",
  "Nurse Practitioner",
  "Financial Analyst",
  "Marketing Manager",
  "Site Reliability Engineer",
  "Head of Sales",
];
const cities = [
  "Lagos",
  "Stockholm",
  "Beirut",
  "Shanghai",
  "Madrid",
  "Oslo",
  "Accra",
  "Milan",
  "Pune",
  "Sofia",
  "Osaka",
  "Cairo",
  "Seoul",
  "Lima",
  "Austin",
];

/** What recruiters type: a first name, a surname part, a company, a title word, two words, an address, nothing found. */
const terms = [
  "maya",
  "okaf",
  "northwind",
  "designer",
  "lagos engineer",
  "garcia.12345@",
  "grace kim oslo",
  "ma",
  "no such person",
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/**
 * Talent-pool search through HTTP over a pool of `people` (GET /people?search_by=…), one request
 * at a time so each latency is the query's own. The pool is written straight into the read model:
 * what is measured is the search, not the import.
 */
export async function benchPeopleSearch(
  databaseUrl: string,
  options: { people: number; requestsPerTerm: number; log: (line: string) => void },
): Promise<PeopleSearchResult> {
  const server = await startBenchServer(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const session = await signUp(server.url);
    const me = await fetch(`${server.url}/api/v1/auth/validate_token`, { headers: session });
    const { data } = (await me.json()) as { data: { id: string } };
    const started = performance.now();
    await pool.query(
      `insert into read.people (id, owner_id, first_name, last_name, email, company, title, city, country, created_at, updated_at)
       select gen_random_uuid(), $1,
              ($3::text[])[1 + n % array_length($3, 1)],
              ($4::text[])[1 + (n / 7) % array_length($4, 1)],
              lower(($3::text[])[1 + n % array_length($3, 1)] || '.' || ($4::text[])[1 + (n / 7) % array_length($4, 1)] || '.' || n || '@example.com'),
              ($5::text[])[1 + (n / 3) % array_length($5, 1)],
              ($6::text[])[1 + (n / 11) % array_length($6, 1)],
              ($7::text[])[1 + (n / 13) % array_length($7, 1)],
              'Somewhere', now(), now()
       from generate_series(1, $2) as n`,
      [data.id, options.people, firstNames, lastNames, companies, titles, cities],
    );
    await pool.query("vacuum analyze read.people");
    options.log(
      `  ${options.people.toLocaleString("en-US")} people written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const all: number[] = [];
    const runs: SearchTermRun[] = [];
    for (const term of terms) {
      const url = `${server.url}/api/v1/people?limit=10&search_by=${encodeURIComponent(term)}`;
      const times: number[] = [];
      let matches = 0;
      for (let n = 0; n < options.requestsPerTerm + 5; n++) {
        const before = performance.now();
        const response = await fetch(url, { headers: session });
        const body = (await response.json()) as { meta?: { total?: number } };
        const elapsed = performance.now() - before;
        if (response.status !== 200) throw new Error(`search '${term}' answered ${response.status}`);
        matches = body.meta?.total ?? 0;
        // The first few warm the plan cache and the pages: not counted.
        if (n >= 5) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      const run = { term, matches, p50: percentile(times, 50), p95: percentile(times, 95) };
      runs.push(run);
      options.log(`  '${term}': ${matches} matches, p50 ${run.p50.toFixed(1)} ms, p95 ${run.p95.toFixed(1)} ms`);
    }
    all.sort((a, b) => a - b);
    return { people: options.people, requestsPerTerm: options.requestsPerTerm, terms: runs, p95: percentile(all, 95) };
  } finally {
    await pool.end();
    await server.stop();
  }
}
