import type { StageFunnelRow, StepPerformanceRow, TimeInStageRow } from "@hirestream/contracts/analytics/reports.ts";
import { describe, expect, it } from "vitest";
import { type Failure, type LaterFigures, loadReports, type ReportsState } from "./load-reports.ts";

const project = { project_id: "00000000-0000-4000-8000-000000000001", project_name: "Compilers" };
const stage = {
  ...project,
  stage_position: 1,
  stage_id: "00000000-0000-4000-8000-000000000002",
  stage_name: "Sourced",
};
const funnelRow = (entered: number): StageFunnelRow => ({
  ...stage,
  entered,
  left: 0,
  converted_to_next: null,
  conversion_to_next: null,
});
const stays: TimeInStageRow = { ...stage, stays: 0, median_hours: null, p90_hours: null };
const step: StepPerformanceRow = {
  ...project,
  sequence_id: "00000000-0000-4000-8000-000000000003",
  sequence_name: "Intro",
  step: 1,
  step_name: "Hello",
  sent: 3,
  sent_tracked: 3,
  opened_by_people: 1,
  machine_opens: 0,
  replied: 1,
  bounced: 0,
  opted_out: 0,
};
const later: LaterFigures = { time_in_stage: [stays], step_performance: [step] };

/** A deferred answer the test settles when it wants. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Ports whose every answer the test gives by hand, recording what happened in order. */
function scripted() {
  const events: string[] = [];
  const shown: ReportsState[] = [];
  const funnel = deferred<StageFunnelRow[] | Failure>();
  const rest = deferred<LaterFigures | Failure>();
  const drawn = deferred<void>();
  let dropped = false;
  const ports = {
    askFunnel() {
      events.push("ask funnel");
      return funnel.promise;
    },
    askLater() {
      events.push("ask later");
      return rest.promise;
    },
    drawn() {
      events.push("wait for the drawing");
      return drawn.promise;
    },
    hold() {
      events.push("hold the sync");
      return () => events.push("release the sync");
    },
    show(state: ReportsState) {
      shown.push(state);
      events.push(`show ${state.status}${state.status === "loaded" && state.later === null ? " funnel" : ""}`);
    },
    dropped: () => dropped,
  };
  return {
    ports,
    events,
    shown,
    funnel,
    rest,
    drawn,
    drop() {
      dropped = true;
    },
  };
}

const turn = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("loadReports", () => {
  it("asks for the funnel alone, shows it, and asks for the other figures only once it is drawn", async () => {
    const s = scripted();
    const loading = loadReports(s.ports);
    await turn();
    expect(s.events).toEqual(["hold the sync", "show loading", "ask funnel"]);
    s.funnel.resolve([funnelRow(2)]);
    await turn();
    expect(s.events.slice(3)).toEqual(["show loaded funnel", "wait for the drawing"]);
    s.drawn.resolve();
    await turn();
    expect(s.events.at(-1)).toBe("ask later");
    s.rest.resolve(later);
    await loading;
    expect(s.events.slice(-2)).toEqual(["show loaded", "release the sync"]);
    expect(s.shown.at(-1)).toEqual({ status: "loaded", stage_funnel: [funnelRow(2)], later });
  });

  it("holds the replica's first sync until the last figures are in, not only the first", async () => {
    const s = scripted();
    const loading = loadReports(s.ports);
    s.funnel.resolve([funnelRow(2)]);
    s.drawn.resolve();
    await turn();
    expect(s.events).not.toContain("release the sync");
    s.rest.resolve(later);
    await loading;
    expect(s.events.at(-1)).toBe("release the sync");
  });

  it("shows an empty funnel only with the other figures, which say whether the period holds anything", async () => {
    const s = scripted();
    const loading = loadReports(s.ports);
    s.funnel.resolve([funnelRow(0)]);
    await turn();
    expect(s.events).toEqual(["hold the sync", "show loading", "ask funnel", "ask later"]);
    s.rest.resolve(later);
    await loading;
    expect(s.shown.map((state) => state.status)).toEqual(["loading", "loaded"]);
  });

  it("says why when either request fails, and lets the sync go", async () => {
    const first = scripted();
    first.funnel.resolve({ failed: ["Workspace not found"] });
    await loadReports(first.ports);
    expect(first.shown.at(-1)).toEqual({ status: "failed", messages: ["Workspace not found"] });
    expect(first.events.at(-1)).toBe("release the sync");

    const second = scripted();
    second.funnel.resolve([funnelRow(1)]);
    second.drawn.resolve();
    second.rest.resolve({ failed: ["The server is busy"] });
    await loadReports(second.ports);
    expect(second.shown.at(-1)).toEqual({ status: "failed", messages: ["The server is busy"] });
    expect(second.events.at(-1)).toBe("release the sync");
  });

  it("asks and shows nothing more once the page moved on, and lets the sync go", async () => {
    const s = scripted();
    const loading = loadReports(s.ports);
    s.drop();
    s.funnel.resolve([funnelRow(2)]);
    await loading;
    expect(s.events).toEqual(["hold the sync", "show loading", "ask funnel", "release the sync"]);
  });
});
