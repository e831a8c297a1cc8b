import { type CandidacyResponse, candidacyResponses } from "@hirestream/contracts/candidacies/events.ts";

/** How each response reads in the pipeline (spec §2: interested, not_interested or follow_up). */
export const responseLabels: Record<CandidacyResponse, string> = {
  interested: "Interested",
  not_interested: "Not interested",
  follow_up: "Follow up",
};

export const responseOptions = candidacyResponses.map((value) => ({ value, label: responseLabels[value] }));

export function isCandidacyResponse(value: string | null): value is CandidacyResponse {
  return candidacyResponses.some((response) => response === value);
}
