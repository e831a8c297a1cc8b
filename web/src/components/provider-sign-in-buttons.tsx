import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import { Button, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { API_BASE } from "../api/api-client.ts";
import { getSignInProviders } from "../api/auth-api.ts";

const providers = [
  { id: "google_oauth2", name: "Google", label: "Sign in with Google", mark: "G" },
  { id: "microsoft_graph_auth", name: "Microsoft", label: "Sign in with Microsoft", mark: "M" },
] as const;

/** The server's provider sign-in: it sends the browser back to /auth/{provider} with the credentials. */
export function providerSignInUrl(provider: string): string {
  const query = new URLSearchParams({ option: "signin", origin: window.location.origin });
  return `${API_BASE}/auth/${provider}?${query.toString()}`;
}

function Mark({ letter }: { letter: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
      <circle cx="9" cy="9" r="9" fill="var(--mantine-color-gray-7)" />
      <text x="9" y="13" textAnchor="middle" fontSize="11" fontWeight="700" fill="#fff">
        {letter}
      </text>
    </svg>
  );
}

/** Which providers the server offers; until it says (or when it cannot be asked), each is offered. */
export function useConfiguredProviders(): Partial<Record<SignInProviderId, boolean>> {
  const [configured, setConfigured] = useState<Partial<Record<SignInProviderId, boolean>>>({});
  useEffect(() => {
    let current = true;
    getSignInProviders().then(
      (answer) => current && setConfigured(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return configured;
}

export function ProviderSignInButtons() {
  const configured = useConfiguredProviders();
  return (
    <Stack gap="xs">
      {providers.map((provider) =>
        configured[provider.id] === false ? (
          <Stack key={provider.id} gap={2}>
            <Button variant="default" fullWidth disabled leftSection={<Mark letter={provider.mark} />}>
              {provider.label}
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              Sign-in with {provider.name} is not configured on this server.
            </Text>
          </Stack>
        ) : (
          <Button
            key={provider.id}
            component="a"
            href={providerSignInUrl(provider.id)}
            variant="default"
            fullWidth
            leftSection={<Mark letter={provider.mark} />}
          >
            {provider.label}
          </Button>
        ),
      )}
    </Stack>
  );
}
