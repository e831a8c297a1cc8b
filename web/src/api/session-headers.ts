import type { Credentials } from "./session-credentials.ts";

// Apart from api-client.ts, for the page's first module (entry.ts), which sends a screen's first
// request before the app's code is in.

function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The session as request headers: devise_token_auth's four plus the packed Bearer. */
export function sessionHeaders(credentials: Credentials): Record<string, string> {
  const plain = { ...credentials, "token-type": "Bearer" };
  return { ...plain, authorization: `Bearer ${base64(JSON.stringify(plain))}` };
}
