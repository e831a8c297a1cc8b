// The session the web app keeps in localStorage (read by the app's own rule, credentialsIn), and
// whether it changed since the bridge last handed it over.
import { CREDENTIAL_KEYS, type Credentials } from "@hirestream/contracts/accounts/session-credentials.ts";

/** A fingerprint to tell whether the session changed since it was last sent. */
export function sessionKey(session: Credentials | null): string {
  return session ? JSON.stringify(CREDENTIAL_KEYS.map((key) => session[key])) : "";
}
