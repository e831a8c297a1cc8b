import { v5 as uuidV5 } from "uuid";

// Our own UUID v5 namespace for candidacies (RFC 9562 §5.5).
const CANDIDACY_NAMESPACE = "5b0f5e0c-8d3a-4c41-9a57-2f3b8e6d1c90";

/**
 * A person is in a project at most once, so the candidacy's id is a function of the pair: the
 * browser names the row it adds offline exactly as the server will, and adding twice is one candidacy.
 */
export function candidacyIdOf(projectId: string, personId: string): string {
  return uuidV5(`${projectId}/${personId}`, CANDIDACY_NAMESPACE);
}
