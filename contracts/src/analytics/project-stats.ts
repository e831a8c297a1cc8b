// A project's figures on the workspace dashboard (spec §2, Workspace home) and in its meta.stats
// (spec §3): counted from its candidacies and from the outreach sent to them. Shared so that the
// dashboard in the browser and the server's stats and CSV export always agree.
import type { CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";

export interface ProjectStats {
  /** Candidacies in the project: everyone sourced into it. */
  sourced: number;
  /** Candidacies at least one message was sent to. */
  contacted: number;
  /** Candidacies that replied. */
  replies: number;
  interested: number;
  not_interested: number;
  follow_up: number;
  /**
   * Messages a person opened over messages sent with a tracking pixel, from 0 to 1; 0 when none
   * was. A mail proxy's or a scanner's fetch is no open, and a sequence that does not track opens
   * adds nothing to either side.
   */
  open_rate: number;
}

/** How a project's candidacies stand: how many there are, and how many gave each response. */
export interface CandidacyTally {
  candidacies: number;
  responses: Record<CandidacyResponse, number>;
}

/** What outreach did for a project's candidacies. */
export interface OutreachTally {
  /** Candidacies with a sent message. */
  contacted: number;
  /** Candidacies with a reply. */
  replied: number;
  /** Messages sent with a tracking pixel, and how many of those a person opened. */
  sent: number;
  opened: number;
  /** Messages sent without a pixel (their sequence does not track opens): in no rate. */
  untracked: number;
}

/** A project nothing was sent for. */
export const noOutreach: OutreachTally = { contacted: 0, replied: 0, sent: 0, opened: 0, untracked: 0 };

/**
 * Whether the open rate says anything: not when every message sent went without a pixel, which
 * the screens and the CSV say as "Not tracked" rather than 0%.
 */
export function opensTracked(outreach: OutreachTally): boolean {
  return outreach.sent > 0 || outreach.untracked === 0;
}

export function emptyTally(): CandidacyTally {
  return { candidacies: 0, responses: { interested: 0, not_interested: 0, follow_up: 0 } };
}

/** The tally of a list of candidacies; a candidacy without a response counts as sourced only. */
export function tallyCandidacies(candidacies: Iterable<{ response: CandidacyResponse | null }>): CandidacyTally {
  const tally = emptyTally();
  for (const { response } of candidacies) {
    tally.candidacies += 1;
    if (response !== null) tally.responses[response] += 1;
  }
  return tally;
}

export function projectStats(candidacies: CandidacyTally, outreach: OutreachTally): ProjectStats {
  const { responses } = candidacies;
  return {
    sourced: candidacies.candidacies,
    contacted: outreach.contacted,
    replies: outreach.replied,
    interested: responses.interested,
    not_interested: responses.not_interested,
    follow_up: responses.follow_up,
    // A message counted opened but not sent (records arriving out of order) cannot lift the rate past 1.
    open_rate: outreach.sent > 0 ? Math.min(1, outreach.opened / outreach.sent) : 0,
  };
}

/**
 * The open rate as the screens and the CSV show it: a whole percentage (spec §9), half rounded
 * up. Taken to nine decimals first, so 57/200 = 0.285 (28.499999… in binary) shows as 29.
 */
export function openRatePercent(openRate: number): number {
  return Math.round(Number((openRate * 100).toFixed(9)));
}
