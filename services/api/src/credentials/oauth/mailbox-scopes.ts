/** Gmail: send, keep drafts (the draft → send protocol), and read the replies. */
export const GMAIL_SCOPES = [
  "https://www.googleapis.com/auth/gmail.send",
  "https://www.googleapis.com/auth/gmail.compose",
  "https://www.googleapis.com/auth/gmail.readonly",
] as const;

/** What connecting a Google mailbox asks for: who it is (its verified email), and Gmail. */
export const GOOGLE_MAILBOX_SCOPE = ["openid", "email", ...GMAIL_SCOPES].join(" ");

/** Microsoft Graph: send, and keep drafts and read replies (Mail.ReadWrite). */
export const GRAPH_SCOPES = [
  "https://graph.microsoft.com/Mail.Send",
  "https://graph.microsoft.com/Mail.ReadWrite",
] as const;

/** What connecting a Microsoft mailbox asks for; msal-node adds openid, profile and offline_access itself. */
export const MICROSOFT_MAILBOX_SCOPES = [...GRAPH_SCOPES, "email"];

/**
 * Whether the scopes a token answer names include every one needed. Granular consent lets a person
 * untick some; an answer that names none granted what was asked (RFC 6749 §5.1). Microsoft names
 * Graph's scopes with or without their resource, in any case.
 */
export function grantedAll(granted: string | readonly string[] | undefined, needed: readonly string[]): boolean {
  if (granted === undefined) return true;
  const list = typeof granted === "string" ? granted.split(" ") : granted;
  const names = new Set(list.map(scopeName));
  return needed.every((scope) => names.has(scopeName(scope)));
}

const scopeName = (scope: string) =>
  scope
    .trim()
    .toLowerCase()
    .replace(/^https:\/\/graph\.microsoft\.com\//, "");
