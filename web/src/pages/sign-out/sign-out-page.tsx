import { Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { signOut } from "../../state/auth-state.ts";

/** /sign_out: ends the session, then /sign_in. */
export function SignOutPage() {
  useEffect(() => {
    void signOut();
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
