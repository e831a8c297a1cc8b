import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { traceLoadIfAsked } from "./first-screen-trace.ts";
import { credentialsOf, firstPage, freshProfile, pageErrors, pause } from "./web-browser.ts";
import { BENCH_PASSWORD, type SeededDesignShare, seedDesignShare } from "./web-design-seed.ts";
import {
  countReplica,
  type FirstRowProbe,
  firstRowShown,
  installFirstRowProbe,
  type LoadSteps,
  readFirstRow,
  readLoadSteps,
  readScriptTimes,
} from "./web-first-screen-probes.ts";
import { REPLICA_DB } from "./web-first-sync.ts";
import { startBrowserBench } from "./web-server.ts";

/** The first row of each list screen: a link or control every row has. */
export const rowSelectors = {
  projects: 'main table tbody tr a[href*="/project/"]',
  talentPool: 'table tbody tr a[href^="/profile/"]',
  workspacePeople: 'table tbody tr a[href*="/people/"]',
  board: 'select[aria-label^="Stage of "]',
} as const;
export type ListScreen = keyof typeof rowSelectors;

export interface FreshLoad {
  probe: FirstRowProbe;
  /** Where the time to the first row went (web/src/load-steps.ts), for the log. */
  steps: LoadSteps | null;
  /** When the replica held every person and candidacy of the share (page time); null if not within the wait. */
  replicaFullMs: number | null;
}

export interface FirstScreenResult {
  chromium: string;
  people: number;
  candidacies: number;
  projects: number;
  seedSeconds: number;
  /** Fresh profile: the sign-in form, Login, the projects list. */
  signIn: FreshLoad;
  /**
   * Fresh profiles with the session stored: navigation straight to the screen, a new profile each
   * time (one load alone moved by ±150 ms between runs of the same code).
   */
  talentPool: FreshLoad[];
  board: FreshLoad[];
  /** Reloads with the whole share in the replica: first-row times per screen (after one unmeasured load). */
  warm: Record<ListScreen, number[]>;
  /** The same loads' steps, where their time went. */
  warmSteps: Record<ListScreen, LoadSteps[]>;
}

export interface FirstScreenOptions {
  repoRoot: string;
  people: number;
  projects: number;
  warmLoads: number;
  /** Fresh profiles loaded per screen, the screens taking turns. */
  freshLoads: number;
  log: (line: string) => void;
}

async function waitForFirstRow(page: Page, errors: string[]): Promise<FirstRowProbe> {
  await page.waitForFunction(firstRowShown, undefined, { timeout: 60_000, polling: 20 }).catch(() => {
    throw new Error(`no first row at ${page.url()} within 60 s; page errors: ${errors.join(" / ")}`);
  });
  const probe = await page.evaluate(readFirstRow);
  if (!probe) throw new Error("the first-row probe did not run");
  return probe;
}

/** Polls the replica's counts until it holds the whole share; the page time it first did. */
async function waitForFullReplica(page: Page, seeded: SeededDesignShare): Promise<number | null> {
  const deadline = performance.now() + 180_000;
  while (performance.now() < deadline) {
    const { at, rows } = await page.evaluate(countReplica, { dbName: REPLICA_DB, stores: ["people", "candidacies"] });
    if ((rows[0] ?? 0) >= seeded.people && (rows[1] ?? 0) >= seeded.candidacies) return at;
    await pause(250);
  }
  return null;
}

async function freshLoad(
  profile: string,
  baseUrl: string,
  seeded: SeededDesignShare,
  url: string,
  rowSelector: string,
): Promise<{ context: BrowserContext; page: Page; load: FreshLoad }> {
  const context = await freshProfile(profile, baseUrl, "allow");
  const page = await firstPage(context);
  await page.addInitScript(installFirstRowProbe, { rowSelector, credentials: credentialsOf(seeded.session) });
  const errors = pageErrors(page);
  const tracer = await traceLoadIfAsked(page, path.basename(profile));
  await page.goto(url);
  const probe = await waitForFirstRow(page, errors);
  const steps = probe.firstRowMs === null ? null : await page.evaluate(readLoadSteps, probe.firstRowMs);
  if (tracer) {
    const scripts = await page.evaluate(readScriptTimes);
    for (const line of [...(await tracer.stop()), ...scripts]) console.log(`    trace: ${line}`);
  }
  const replicaFullMs = await waitForFullReplica(page, seeded);
  return { context, page, load: { probe, steps, replicaFullMs } };
}

/** The sign-in screen of a fresh profile: email, password, Login, then the projects list it lands on. */
async function signIn(profile: string, baseUrl: string, seeded: SeededDesignShare) {
  const context = await freshProfile(profile, baseUrl, "allow");
  const page = await firstPage(context);
  await page.addInitScript(installFirstRowProbe, { rowSelector: rowSelectors.projects, credentials: null });
  const errors = pageErrors(page);
  await page.goto("/sign_in");
  await page.getByRole("textbox", { name: /^Email/ }).fill(seeded.email);
  await page.locator("input[type=password]").first().fill(BENCH_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  const probe = await waitForFirstRow(page, errors);
  const replicaFullMs = await waitForFullReplica(page, seeded);
  return { context, page, load: { probe, steps: null, replicaFullMs } };
}

/** One load's steps in page time, in the order they came: "html 12, scripts 80, start 95, …". */
export function describeSteps(steps: LoadSteps): string {
  const named: [string, number | null][] = [
    ["html", steps.htmlMs],
    ["scripts", steps.scriptsMs],
    ...Object.entries(steps.steps),
  ];
  return named
    .flatMap(([name, at]) => (at === null ? [] : [[name, at] as const]))
    .sort((a, b) => a[1] - b[1])
    .map(([name, at]) => `${name} ${at.toFixed(0)}`)
    .join(", ");
}

/** Loads each list screen again and again in a profile whose replica holds the whole share. */
async function warmLoads(context: BrowserContext, seeded: SeededDesignShare, loads: number) {
  const [projectId] = seeded.projectIds;
  const urls: Record<ListScreen, string> = {
    projects: "/workspaces/me/projects",
    talentPool: "/talent_pool",
    workspacePeople: `/workspaces/${seeded.workspaceId}/people`,
    board: `/workspaces/${seeded.workspaceId}/project/${projectId}`,
  };
  const warm: Record<ListScreen, number[]> = { projects: [], talentPool: [], workspacePeople: [], board: [] };
  const warmSteps: Record<ListScreen, LoadSteps[]> = { projects: [], talentPool: [], workspacePeople: [], board: [] };
  for (const screen of Object.keys(urls) as ListScreen[]) {
    const page = await context.newPage();
    await page.addInitScript(installFirstRowProbe, { rowSelector: rowSelectors[screen], credentials: null });
    const errors = pageErrors(page);
    for (let load = 0; load <= loads; load++) {
      await page.goto(urls[screen]);
      const { firstRowMs } = await waitForFirstRow(page, errors);
      if (load > 0 && firstRowMs !== null) {
        warm[screen].push(firstRowMs);
        warmSteps[screen].push(await page.evaluate(readLoadSteps, firstRowMs));
      }
      // Lets the sync catch-up of the reload (nothing new: changes only) finish before the next.
      await pause(300);
    }
    await page.close();
  }
  return { warm, warmSteps };
}

/**
 * Sign-in and first screens at DESIGN.md's size of one user's share (10,000 people, 50,000
 * candidacies), on fresh on-disk profiles; then warm starts of every list screen with the whole
 * share in the replica.
 */
export async function benchFirstScreen(databaseUrl: string, options: FirstScreenOptions): Promise<FirstScreenResult> {
  const { log } = options;
  const bench = await startBrowserBench(databaseUrl, {
    repoRoot: options.repoRoot,
    folder: "bench-first-screen",
    poolSize: 4,
    log,
  });
  const { workDir, chromium, server, pool } = bench;
  try {
    const started = performance.now();
    const seeded = await seedDesignShare(pool, server.url, { people: options.people, projects: options.projects });
    const seedSeconds = (performance.now() - started) / 1000;
    log(`  seeded ${seeded.people} people and ${seeded.candidacies} candidacies in ${seedSeconds.toFixed(1)} s`);

    const [projectId] = seeded.projectIds;
    const screens = [
      { name: "Talent Pool", url: "/talent_pool", rowSelector: rowSelectors.talentPool, loads: [] as FreshLoad[] },
      {
        name: "People tab",
        url: `/workspaces/${seeded.workspaceId}/project/${projectId}`,
        rowSelector: rowSelectors.board,
        loads: [] as FreshLoad[],
      },
    ];
    for (let round = 0; round < options.freshLoads; round++) {
      for (const screen of screens) {
        const profile = path.join(workDir, `profile-${screen.loads.length}-${screen.name.replace(/ /g, "-")}`);
        const { context, load } = await freshLoad(profile, server.url, seeded, screen.url, screen.rowSelector);
        await context.close();
        screen.loads.push(load);
        log(`  ${screen.name}, fresh: first row ${load.probe.firstRowMs?.toFixed(0)} ms`);
        if (load.steps) log(`    ${describeSteps(load.steps)}`);
      }
    }
    const [talentPool, board] = screens.map((screen) => screen.loads);

    const signedIn = await signIn(path.join(workDir, "profile-sign-in"), server.url, seeded);
    const { probe } = signedIn.load;
    log(
      `  sign-in: submit ${probe.submitMs?.toFixed(0)} ms, first project row ${probe.firstRowMs?.toFixed(0)} ms, ` +
        `replica full ${signedIn.load.replicaFullMs?.toFixed(0)} ms`,
    );
    try {
      await pause(2000);
      await signedIn.page.close();
      const { warm, warmSteps } = await warmLoads(signedIn.context, seeded, options.warmLoads);
      for (const [screen, times] of Object.entries(warm)) {
        log(`  warm ${screen}: ${times.map((ms) => ms.toFixed(0)).join(", ")} ms`);
        for (const steps of warmSteps[screen as ListScreen]) log(`    ${describeSteps(steps)}`);
      }
      return {
        chromium,
        people: seeded.people,
        candidacies: seeded.candidacies,
        projects: seeded.projectIds.length,
        seedSeconds,
        signIn: signedIn.load,
        talentPool: talentPool ?? [],
        board: board ?? [],
        warm,
        warmSteps,
      };
    } finally {
      await signedIn.context.close();
    }
  } finally {
    await bench.stop();
  }
}
