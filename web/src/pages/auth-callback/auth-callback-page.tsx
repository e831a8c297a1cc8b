import { Alert, Center, Loader, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { useLocation, useSearchParams } from "wouter";
import { AuthLayout } from "../../components/auth-layout.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { adoptProviderSession } from "../../state/auth-state.ts";

/** /auth/{provider}?auth_token=…&uid=…&client_id=…&expiry=… — the end of a provider sign-in. */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  const [, navigate] = useLocation();
  const accessToken = searchParams.get("auth_token");
  const uid = searchParams.get("uid");
  const client = searchParams.get("client_id");
  const expiry = searchParams.get("expiry") ?? "";
  const complete = Boolean(accessToken && uid && client);

  useEffect(() => {
    if (!accessToken || !uid || !client) return;
    adoptProviderSession({ "access-token": accessToken, uid, client, expiry });
    navigate("/", { replace: true });
  }, [accessToken, uid, client, expiry, navigate]);

  if (!complete) {
    return (
      <AuthLayout title="SIGN IN">
        <Alert color="red">The sign-in did not complete. Please try again.</Alert>
        <Text size="sm" ta="center">
          <RouterAnchor href="/sign_in">Back to login</RouterAnchor>
        </Text>
      </AuthLayout>
    );
  }
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm">
        <Loader />
        <Text role="status">Redirecting...</Text>
      </Stack>
    </Center>
  );
}
