// Which session the extension keeps when one of the app's pages hands over what it holds.
import { BUILT_APP_URL, isAppOrigin } from "../app-address.ts";
import type { AppSession, StoredSession } from "./session.ts";

/**
 * The session to keep: the one handed over, from the page's origin; none when the page that gave
 * the session says it is signed out; the current one when any other page says so (a signed-out
 * page of the app at another address, another port on localhost say, does not end it), and when
 * the page is not one of the app's. Returns `current` itself when nothing changes.
 */
export function sessionHandedOver(
  current: StoredSession | null,
  handed: AppSession | null,
  origin: string,
  builtAppUrl: string = BUILT_APP_URL,
): StoredSession | null {
  if (!isAppOrigin(origin, builtAppUrl)) return current;
  if (handed) {
    const same =
      current?.origin === origin &&
      current["access-token"] === handed["access-token"] &&
      current.client === handed.client &&
      current.uid === handed.uid &&
      current.expiry === handed.expiry;
    return same ? current : { ...handed, origin };
  }
  return current?.origin === origin ? null : current;
}
