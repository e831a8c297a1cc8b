import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { auth, validateToken } from "../state/auth-state.ts";

/**
 * Whenever there is a session without a loaded user (app start, provider sign-in), loads the user
 * with validate_token. The session's end is followed by auth-state itself, from the start.
 */
export function useSessionBootstrap(): void {
  const { hasSession, isUserLoaded } = useSnapshot(auth);
  useEffect(() => {
    if (hasSession && !isUserLoaded) void validateToken();
  }, [hasSession, isUserLoaded]);
}
