import { useEffect } from "react";
import { useSnapshot } from "valtio";
import { auth, validateToken, watchCredentials } from "../state/auth-state.ts";

/**
 * Follows the stored credentials and, whenever there is a session without a loaded user (app
 * start, provider sign-in), loads the user with validate_token.
 */
export function useSessionBootstrap(): void {
  const { hasSession, isUserLoaded } = useSnapshot(auth);
  useEffect(() => watchCredentials(), []);
  useEffect(() => {
    if (hasSession && !isUserLoaded) void validateToken();
  }, [hasSession, isUserLoaded]);
}
