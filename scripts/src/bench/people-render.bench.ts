import path from "node:path";
import { searchPeople } from "@hirestream/web/components/people/person-search.ts";
import type { BrowserContext, Page } from "playwright-core";
import { type FirstSyncProbe, installFirstSyncProbe, readFirstSyncProbe } from "./browser/first-sync-probes.ts";
import {
  armEnterProbe,
  clickPager,
  installTalentPoolLoadProbe,
  readRowsChange,
  readTalentPoolLoad,
  rowsChangeDone,
  type ScreenTimes,
  type TalentPoolLoad,
  talentPoolLoaded,
} from "./people-render-probes.ts";
import { type SeededTalentPool, seedTalentPool } from "./people-render-seed.ts";
import { credentialsOf, firstPage, freshProfile, pageErrors, pause } from "./web-browser.ts";
import { REPLICA_DB } from "./web-first-sync.ts";
import { startBrowserBench } from "./web-server.ts";

/** A person's name link in the people table: there is one per row. */
const PERSON_ROW = 'table tbody tr a[href^="/profile/"]';

/**
 * What recruiters type: a first name (the warm-up), a surname part, an employer, a title word, a
 * city with a title, a full name, an address fragment, a country, a word a third of the pool
 * holds, a prefix, two names, two letters most people match. No two in a row find the same
 * number of people: the probe tells the screens apart by that count.
 */
const searchTerms = [
  "maya",
  "okaf",
  "northwind",
  "designer",
  "lagos engineer",
  "grace kim",
  "tgarcia",
  "norway",
  "engineer",
  "pet",
  "tanaka osaka",
  "an",
];

export interface SearchRun {
  term: string;
  matches: number;
  times: ScreenTimes;
}

export interface PeopleRenderResult {
  chromium: string;
  people: number;
  rowBytes: number;
  /** The fresh profile's first load: socket, snapshot parts, replica full. */
  firstSync: FirstSyncProbe;
  /** The first load's first row (replica filling). */
  coldLoad: TalentPoolLoad;
  /** More fresh profiles' first loads after the measures below: one load alone moves by ±150 ms. */
  moreColdLoads: TalentPoolLoad[];
  /** Later loads, replica full. */
  warmLoads: TalentPoolLoad[];
  /** The first term of `searchTerms` warms up and is not here. */
  searches: SearchRun[];
  /** Next page clicks, after one warm-up. */
  pages: ScreenTimes[];
}

export interface PeopleRenderOptions {
  repoRoot: string;
  people: number;
  warmLoads: number;
  pages: number;
  /** Fresh profiles loaded in all, the first one's replica then used for the warm figures. */
  freshLoads: number;
  log: (line: string) => void;
}

const pagerText = (count: number) => (count === 1 ? "1 person" : `${count} people`);

/** Waits for the first-sync probe to count all `rows` of its table in the replica. */
export async function waitForReplica(page: Page, rows: number, errors: string[]): Promise<FirstSyncProbe> {
  const deadline = performance.now() + 120_000;
  for (;;) {
    const probe = await page.evaluate(readFirstSyncProbe);
    if (probe && probe.replicaFullMs !== null) return probe;
    if (performance.now() > deadline) {
      throw new Error(
        `the replica held ${probe?.replicaRows ?? 0} of ${rows} rows after 120 s; page errors: ${errors.join(" / ")}`,
      );
    }
    await pause(100);
  }
}

async function loadTalentPool(page: Page): Promise<TalentPoolLoad> {
  await page.goto("/talent_pool");
  await page.waitForFunction(talentPoolLoaded, undefined, { timeout: 60_000, polling: 50 });
  const load = await page.evaluate(readTalentPoolLoad);
  if (!load) throw new Error("the Talent Pool load probe did not run");
  return load;
}

/** Types `term` into the search box, then times Enter until the table shows what it finds. */
async function search(page: Page, term: string, matches: number): Promise<ScreenTimes> {
  const box = page.getByLabel("Search people", { exact: true });
  await box.fill("");
  await box.pressSequentially(term);
  // A controlled input: its value is what React last rendered, so every keystroke has rendered.
  const typed = await box.inputValue();
  if (typed !== term) throw new Error(`search box holds '${typed}' after typing '${term}'`);
  await page.evaluate(armEnterProbe, { pagerText: pagerText(matches), rowSelector: PERSON_ROW });
  await box.press("Enter");
  await page.waitForFunction(rowsChangeDone, undefined, { timeout: 15_000, polling: 20 });
  const state = await page.evaluate(readRowsChange);
  if (!state?.result) throw new Error(`search '${term}': ${state?.error ?? "no result"}`);
  return state.result;
}

/**
 * The Talent Pool of a user with `people` people in the replica, in Debian's Chromium on a fresh
 * on-disk profile: the first sync, then warm loads, searches and paging, each timed in the page.
 */
export async function benchPeopleRender(
  databaseUrl: string,
  options: PeopleRenderOptions,
): Promise<PeopleRenderResult> {
  const { log } = options;
  const bench = await startBrowserBench(databaseUrl, {
    repoRoot: options.repoRoot,
    folder: "bench-people-web",
    poolSize: 2,
    log,
  });
  const { workDir, chromium, server, pool } = bench;
  try {
    const seedStarted = performance.now();
    const seeded = await seedTalentPool(pool, server.url, options.people);
    log(
      `  seeded ${options.people} people (${seeded.rowBytes.toFixed(0)} bytes of JSON each) in ` +
        `${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const measured = await measureInBrowser(path.join(workDir, "profile"), server.url, seeded, options);
    const moreColdLoads: TalentPoolLoad[] = [];
    for (let load = 1; load < options.freshLoads; load++) {
      const context = await freshProfile(path.join(workDir, `profile-${load}`), server.url, "allow");
      try {
        const { coldLoad } = await firstLoad(context, seeded, options);
        moreColdLoads.push(coldLoad);
        log(`  another fresh profile: first row ${coldLoad.firstRowMs?.toFixed(0)} ms`);
      } finally {
        await context.close();
      }
    }
    return { chromium, people: options.people, rowBytes: seeded.rowBytes, ...measured, moreColdLoads };
  } finally {
    await bench.stop();
  }
}

/** A fresh profile's first load of the Talent Pool, to its first row and on to the replica holding everyone. */
async function firstLoad(context: BrowserContext, seeded: SeededTalentPool, options: PeopleRenderOptions) {
  const first = await firstPage(context);
  await first.addInitScript(installFirstSyncProbe, {
    credentials: credentialsOf(seeded.session),
    dbName: REPLICA_DB,
    table: "people",
    expectedRows: options.people,
  });
  await first.addInitScript(installTalentPoolLoadProbe, PERSON_ROW);
  const firstErrors = pageErrors(first);
  await first.goto("/talent_pool");
  const firstSync = await waitForReplica(first, options.people, firstErrors);
  await first.waitForFunction(talentPoolLoaded, undefined, { timeout: 30_000, polling: 50 });
  const coldLoad = await first.evaluate(readTalentPoolLoad);
  if (!coldLoad) throw new Error("the Talent Pool load probe did not run");
  return { first, firstSync, coldLoad };
}

async function measureInBrowser(
  profile: string,
  baseUrl: string,
  seeded: SeededTalentPool,
  options: PeopleRenderOptions,
): Promise<Omit<PeopleRenderResult, "chromium" | "people" | "rowBytes" | "moreColdLoads">> {
  const { log } = options;
  const context = await freshProfile(profile, baseUrl, "allow");
  try {
    const { first, firstSync, coldLoad } = await firstLoad(context, seeded, options);
    log(
      `  first load: first row ${coldLoad.firstRowMs?.toFixed(0)} ms, replica full ${firstSync.replicaFullMs?.toFixed(0)} ms`,
    );
    // Settles as a user's first visit does (service worker precache, last writes), then goes away:
    // the first-sync probe's IndexedDB reads must not run beside the measured loads.
    await pause(2000);
    await first.close();

    // The session stays in the profile's localStorage, as it would after signing in.
    const page = await context.newPage();
    await page.addInitScript(installTalentPoolLoadProbe, PERSON_ROW);
    const errors = pageErrors(page);
    const warmLoads: TalentPoolLoad[] = [];
    for (let load = 0; load < options.warmLoads; load++) {
      warmLoads.push(await loadTalentPool(page));
      await pause(500);
    }
    log(`  warm loads, first row: ${warmLoads.map((load) => load.firstRowMs?.toFixed(0)).join(", ")} ms`);

    const searches: SearchRun[] = [];
    for (const [index, term] of searchTerms.entries()) {
      const matches = searchPeople(seeded.people, term).length;
      const times = await search(page, term, matches);
      if (index > 0) searches.push({ term, matches, times });
      await pause(100);
    }
    log(`  searches: ${searches.map((run) => `'${run.term}' ${run.times.frameMs.toFixed(0)} ms`).join(", ")}`);

    await page.getByLabel("Clear search", { exact: true }).click();
    await page.getByText(pagerText(options.people), { exact: true }).waitFor({ timeout: 10_000 });
    const pages: ScreenTimes[] = [];
    for (let click = 0; click <= options.pages; click++) {
      const times = await page.evaluate(clickPager, { control: "Next page", rowSelector: PERSON_ROW });
      if (click > 0) pages.push(times);
      await pause(100);
    }
    log(`  next page: ${pages.map((times) => times.frameMs.toFixed(0)).join(", ")} ms`);
    if (errors.length > 0) log(`  page errors: ${errors.join(" / ")}`);
    return { firstSync, coldLoad, warmLoads, searches, pages };
  } finally {
    await context.close();
  }
}
