import { type Figure, formatCount, formatMs } from "./results.ts";
import { describeSteps, type FirstScreenResult, type FreshLoad, type ListScreen } from "./web-first-screen.bench.ts";
import type { LoadSteps } from "./web-first-screen-probes.ts";
import { percentile } from "./web-sync.figures.ts";

// DESIGN.md's "sign-in to a usable screen" and issue 16's warm start, as numbers.
export const firstScreenBudgets = { usableScreenMs: 1000, warmFirstRowMedianMs: 300 };

const ms = (value: number | null) => (value === null ? "never" : formatMs(value));

const screenNames: Record<ListScreen, string> = {
  projects: "projects list (/workspaces/me/projects)",
  talentPool: "Talent Pool",
  workspacePeople: "workspace People",
  board: "project People tab (pipeline board)",
};

function background(load: FreshLoad): string {
  const long = load.probe.longTasks;
  return (
    `the whole share in the replica at ${ms(load.replicaFullMs)}; main-thread tasks over 50 ms until then: ` +
    `${long.length}${long.length > 0 ? `, longest ${formatMs(Math.max(...long))}` : ""}`
  );
}

/** Each step's median over the loads that reached it. */
function medianSteps(loads: readonly LoadSteps[]): LoadSteps {
  const median = (values: number[]) => (values.length > 0 ? percentile(values, 50) : null);
  const names = new Set(loads.flatMap((load) => Object.keys(load.steps)));
  const steps: Record<string, number> = {};
  for (const name of names) {
    const at = median(loads.flatMap((load) => load.steps[name] ?? []));
    if (at !== null) steps[name] = at;
  }
  return {
    htmlMs: median(loads.flatMap((load) => load.htmlMs ?? [])),
    scriptsMs: median(loads.flatMap((load) => load.scriptsMs ?? [])),
    steps,
  };
}

export function firstScreenFigures(result: FirstScreenResult): Figure[] {
  const share = `${formatCount(result.people)} people + ${formatCount(result.candidacies)} candidacies (${result.projects} projects of every person) in the user's share`;
  const where = `${result.chromium}, fresh on-disk profile, service worker allowed`;
  const { signIn } = result;
  const signInMs =
    signIn.probe.firstRowMs !== null && signIn.probe.submitMs !== null
      ? signIn.probe.firstRowMs - signIn.probe.submitMs
      : null;
  const fresh = (name: string, loads: readonly FreshLoad[]): Figure => {
    const times = loads.map((load) => load.probe.firstRowMs);
    const reached = times.flatMap((time) => (time === null ? [] : [time]));
    const median = reached.length === loads.length && reached.length > 0 ? percentile(reached, 50) : null;
    // The load whose time is the median, for where its background work stood.
    const middle = loads.find((load) => load.probe.firstRowMs === median) ?? loads[0];
    return {
      name: `${name}, fresh profile of the DESIGN share: navigation to the first row`,
      value: median === null ? "never" : `median ${formatMs(median)}`,
      budget: `≤ ${formatCount(firstScreenBudgets.usableScreenMs)} ms (DESIGN: sign-in to a usable screen)`,
      pass: median !== null && median <= firstScreenBudgets.usableScreenMs,
      note:
        `${loads.length} fresh profiles, in turn with the other screen's: ${times.map(ms).join(", ")}; ${share}; ` +
        `session stored before the load (no sign-in request), timed from navigation start; ` +
        `${middle ? `the median load: ${background(middle)}` : "no load"}. ${where}`,
    };
  };
  const figures: Figure[] = [
    {
      name: "Sign-in to a usable screen: fresh profile, Login to the first project row on /workspaces/me/projects",
      value: ms(signInMs),
      budget: `≤ ${formatCount(firstScreenBudgets.usableScreenMs)} ms (DESIGN: 10,000 people + 50,000 candidacies to sync)`,
      pass: signInMs !== null && signInMs <= firstScreenBudgets.usableScreenMs,
      note:
        `${share}; from the sign-in form's submit (the Login click) through the sign-in request, the replica's ` +
        `opening, the sync socket and the first snapshot parts to the first project row in the DOM ` +
        `(${ms(signIn.probe.firstRowMs)} after navigation to /sign_in); ${background(signIn)}. ${where}`,
    },
    fresh("Talent Pool", result.talentPool),
    fresh("Project People tab", result.board),
  ];
  for (const [screen, times] of Object.entries(result.warm) as [ListScreen, number[]][]) {
    const median = percentile(times, 50);
    figures.push({
      name: `Warm start, ${formatCount(result.people + result.candidacies)} rows in the replica: ${screenNames[screen]}, first row`,
      value: `median ${formatMs(median)}, max ${formatMs(percentile(times, 100))}`,
      budget: `≤ ${firstScreenBudgets.warmFirstRowMedianMs} ms median`,
      pass: times.length > 0 && median <= firstScreenBudgets.warmFirstRowMedianMs,
      note:
        `${times.length} loads (page.goto, after one unmeasured), navigation start to the first row in the DOM; ` +
        `the profile that signed in above, its replica holding the whole share; ${result.chromium}, on-disk profile. ` +
        `Where the time goes (medians, ms from navigation start; web/src/load-steps.ts): ` +
        describeSteps(medianSteps(result.warmSteps[screen])),
    });
  }
  return figures;
}
