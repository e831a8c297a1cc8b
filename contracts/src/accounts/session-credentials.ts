// The session credentials (devise_token_auth's headers) as a browser keeps them in localStorage
// under the spec's keys, and as its requests carry them: the web app and the extension, which
// takes the app's session, read and send them by the same rule.

export const CREDENTIAL_KEYS = ["access-token", "uid", "client", "expiry"] as const;
export type CredentialKey = (typeof CREDENTIAL_KEYS)[number];
export type Credentials = Record<CredentialKey, string>;

/** localStorage, or anything read like it. */
export interface CredentialStore {
  getItem(key: string): string | null;
}

/** The stored credentials, or null unless token, client and uid are all there. */
export function credentialsIn(store: CredentialStore): Credentials | null {
  const accessToken = store.getItem("access-token");
  const uid = store.getItem("uid");
  const client = store.getItem("client");
  if (!accessToken || !uid || !client) return null;
  return { "access-token": accessToken, uid, client, expiry: store.getItem("expiry") ?? "" };
}

function base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The session as request headers: devise_token_auth's four plus the packed Bearer. */
export function sessionHeaders(credentials: Credentials): Record<string, string> {
  const plain = {
    "access-token": credentials["access-token"],
    uid: credentials.uid,
    client: credentials.client,
    expiry: credentials.expiry,
    "token-type": "Bearer",
  };
  return { ...plain, authorization: `Bearer ${base64(JSON.stringify(plain))}` };
}
