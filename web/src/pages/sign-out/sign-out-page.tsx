import { Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { requestSignOut } from "../../state/auth-state.ts";

/** /sign_out: ends the session, then /sign_in (after the warning, when writes are pending). */
export function SignOutPage() {
  useEffect(() => {
    void requestSignOut();
  }, []);
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text role="status">Signing out...</Text>
      </Stack>
    </Center>
  );
}
