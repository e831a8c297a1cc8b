import { useEffect, useState } from "react";
import { SESSION_EXPIRED_FLAG } from "../api/api-client.ts";

function flagged(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_EXPIRED_FLAG) !== null;
  } catch {
    return false;
  }
}

/** Whether the session just expired; the flag is consumed so the notice shows once. */
export function useSessionExpiredNotice(): boolean {
  const [expired] = useState(flagged);
  useEffect(() => {
    try {
      window.sessionStorage.removeItem(SESSION_EXPIRED_FLAG);
    } catch {
      // Nothing to consume.
    }
  }, []);
  return expired;
}
