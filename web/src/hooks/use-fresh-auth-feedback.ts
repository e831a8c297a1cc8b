import { useEffect } from "react";
import { clearAuthFeedback } from "../state/auth-state.ts";

/** A signed-out screen starts and ends without the previous screen's error or message. */
export function useFreshAuthFeedback(): void {
  useEffect(() => {
    clearAuthFeedback();
    return clearAuthFeedback;
  }, []);
}
