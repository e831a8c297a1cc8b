import { Button, Stack } from "@mantine/core";
import { API_BASE } from "../api/api-client.ts";

const providers = [
  { id: "google_oauth2", label: "Sign in with Google", mark: "G" },
  { id: "microsoft_graph_auth", label: "Sign in with Microsoft", mark: "M" },
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

export function ProviderSignInButtons() {
  return (
    <Stack gap="xs">
      {providers.map((provider) => (
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
      ))}
    </Stack>
  );
}
