import type { CandidacyEvent } from "@hirestream/contracts/candidacies/events.ts";

interface Visit {
  stageId: string;
  since: number;
}

/**
 * How long a candidate spent in each stage, replayed from the candidacy's own events: milliseconds
 * by stage id, in the order the stages were first entered. Repeat visits add up; the stage the
 * candidate is in now counts until `now`; a removal stops the clock until the person is added
 * again. Intervals that would run backwards (clocks of different machines) count as zero.
 */
export function stageDurations(events: readonly CandidacyEvent[], now: Date): Map<string, number> {
  const spent = new Map<string, number>();
  let visit: Visit | null = null;
  for (const event of events) {
    switch (event.type) {
      case "CandidacyAdded": {
        const since = Date.parse(event.data.at);
        if (visit) close(spent, visit, since);
        visit = open(spent, event.data.stageId, since);
        break;
      }
      case "CandidacyMoved": {
        // Only a candidate in the project moves; a stray move after a removal starts no clock.
        if (!visit) break;
        const since = Date.parse(event.data.at);
        close(spent, visit, since);
        visit = open(spent, event.data.toStageId, since);
        break;
      }
      case "CandidacyRemoved":
        if (visit) close(spent, visit, Date.parse(event.data.at));
        visit = null;
        break;
      case "CandidacyResponseSet":
        break;
      default: {
        const never: never = event;
        return never;
      }
    }
  }
  if (visit) close(spent, visit, now.getTime());
  return spent;
}

function open(spent: Map<string, number>, stageId: string, since: number): Visit {
  if (!spent.has(stageId)) spent.set(stageId, 0);
  return { stageId, since };
}

function close(spent: Map<string, number>, visit: Visit, until: number): void {
  spent.set(visit.stageId, (spent.get(visit.stageId) ?? 0) + Math.max(0, until - visit.since));
}
