import { DomainError } from "@hirestream/contracts/errors.ts";
import { pathId } from "../http/path-id.ts";

/** An id that is not a UUID names nothing: 404, like any other unknown id. */
export function uuidParam(params: unknown, key: string, what: "Project" | "Candidate" | "Workspace"): string {
  return pathId(params, key, `${what} not found`);
}

/** A JSON:API body's `data.id`, when sent, must be the record the path names. */
export function sameId(sent: string | undefined, candidacyId: string): void {
  if (sent !== undefined && sent !== candidacyId) {
    throw new DomainError("CONFLICT", "data.id does not match the candidate in the URL", "/data/id");
  }
}
