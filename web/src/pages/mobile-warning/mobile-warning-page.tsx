import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useSnapshot } from "valtio";
import { Logo } from "../../components/logo.tsx";
import { MOBILE_MAX_WIDTH_PX } from "../../constants.ts";
import { auth, signOut } from "../../state/auth-state.ts";

/** Screens of 800 px or less: the product is desktop only. */
export function MobileWarningPage() {
  const { hasSession } = useSnapshot(auth);
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={360} ta="center" component="main">
        <Logo />
        <Title order={1} size="h3">
          Hirestream is not available on mobile devices
        </Title>
        <Text>
          Hirestream is made for desktop screens. Open it on a computer, in a window wider than {MOBILE_MAX_WIDTH_PX}{" "}
          pixels, to keep working.
        </Text>
        {hasSession && (
          <Button variant="default" onClick={() => void signOut()}>
            Logout
          </Button>
        )}
      </Stack>
    </Center>
  );
}
