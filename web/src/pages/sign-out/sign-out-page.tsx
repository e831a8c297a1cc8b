import { useEffect } from "react";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { requestSignOut } from "../../state/auth-state.ts";

/** /sign_out: ends the session, then /sign_in (after the warning, when writes are pending). */
export function SignOutPage() {
  useEffect(() => {
    void requestSignOut();
  }, []);
  return <LoadingScreen label="Signing out" message="Signing out..." fullHeight />;
}
