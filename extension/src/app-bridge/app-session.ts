// Runs on the Hirestream app's pages: hands the session the app holds to the extension's worker,
// and again whenever it changes (a sign-in, a sign-out). The server does not rotate tokens on each
// request, so the app and the extension can share one session.
import { type Credentials, credentialsIn } from "@hirestream/contracts/accounts/session-credentials.ts";
import type { Request } from "../messages.ts";
import { sessionKey } from "./read-session.ts";

let sent: string | null = null;

function handOver(): void {
  let session: Credentials | null;
  try {
    session = credentialsIn(window.localStorage);
  } catch {
    // Storage switched off: the app behaves as signed out.
    session = null;
  }
  const key = sessionKey(session);
  if (key === sent) return;
  sent = key;
  const message: Request = { type: "session", session };
  chrome.runtime.sendMessage(message).catch(() => {
    // The worker was away (the extension reloading): send it again on the next look.
    sent = null;
  });
}

handOver();
// Another tab's change arrives as a storage event; this tab's own sign-in or sign-out does not, so
// the page is looked at again every second too (one localStorage read).
window.addEventListener("storage", handOver);
window.setInterval(handOver, 1000);
