import { z } from "zod";
import { messages } from "../messages.ts";
import { text } from "../text.ts";
import { dailyLimit, minGapSeconds } from "./limits.ts";

export const CREDENTIAL_NAME_MAX = 100;
export const ALIASES_MAX = 50;
const EMAIL_MAX = 254;

export const credentialMessages = {
  /** Google and Microsoft mailboxes come from their sign-in, never from a posted body. */
  oauthOnly: "Google and Microsoft mailboxes are connected by signing in with them, not created here",
  oauthOnlyReconnect: "Only Google and Microsoft mailboxes are reconnected by signing in again",
  providerType: "must be smtp or local",
  localMailboxOff: "The local mailbox is off on this server (LOCAL_MAILBOX=off)",
  smtpRequired: "is required for an smtp credential",
  duplicateAlias: (alias: string) => `${alias} is listed twice`,
  invalidAlias: (alias: string) => `${alias} is not a valid email`,
  tooManyAliases: `must have at most ${ALIASES_MAX} aliases`,
  tooLong: (max: number) => `is too long (maximum is ${max} characters)`,
  notThisCredential: "data.id does not match the credential in the URL",
} as const;

const required = (issue: { input: unknown }) => (issue.input === undefined ? messages.required : undefined);
const name = text({ error: required })
  .trim()
  .min(1, { error: messages.required })
  .max(CREDENTIAL_NAME_MAX, { error: credentialMessages.tooLong(CREDENTIAL_NAME_MAX) });
const email = z
  .string({ error: required })
  .trim()
  .max(EMAIL_MAX, { error: messages.validEmail })
  .pipe(z.email({ error: messages.validEmail }));

/** How to reach a mail server. The password is a secret: it is encrypted before it is stored. */
export const mailServer = z
  .object({
    host: text({ error: required }).trim().min(1, { error: messages.required }).max(253),
    port: z.number({ error: required }).int().min(1).max(65_535),
    /** TLS from the first byte (465, 993); false: STARTTLS when the server offers it. */
    secure: z.boolean().default(false),
    username: text({ error: required }).min(1, { error: messages.required }).max(320),
    password: text({ error: required }).min(1, { error: messages.required }).max(1000),
  })
  .strict();
export type MailServer = z.infer<typeof mailServer>;

/**
 * POST /workspaces/{ws}/providers: an SMTP mailbox or the development mailbox (API.md). The
 * spec's two types are refused with words that say where they come from.
 */
export const createCredentialAttributes = z
  .object({
    provider_type: z.string({ error: required }).max(100),
    name,
    email,
    smtp: mailServer.optional(),
    imap: mailServer.optional(),
    daily_limit: dailyLimit.optional(),
    min_gap_seconds: minGapSeconds.optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.provider_type === "google_oauth2" || body.provider_type === "microsoft_graph_auth") {
      context.addIssue({ code: "custom", message: credentialMessages.oauthOnly, path: ["provider_type"] });
    } else if (body.provider_type !== "smtp" && body.provider_type !== "local") {
      context.addIssue({ code: "custom", message: credentialMessages.providerType, path: ["provider_type"] });
    } else if (body.provider_type === "smtp" && body.smtp === undefined) {
      context.addIssue({ code: "custom", message: credentialMessages.smtpRequired, path: ["smtp"] });
    } else if (body.provider_type === "local" && (body.smtp !== undefined || body.imap !== undefined)) {
      const path = body.smtp !== undefined ? "smtp" : "imap";
      context.addIssue({ code: "custom", message: "is only for an smtp credential", path: [path] });
    }
  });
export type CreateCredentialAttributes = z.infer<typeof createCredentialAttributes>;

/**
 * Spec §5: "Aliases are split on commas and trimmed before saving". The spec's client sends the
 * field's text; a list is taken too. Empty pieces (a trailing comma) are dropped.
 */
export const aliasList = z
  .union([text().max(20_000), z.array(text().max(EMAIL_MAX + 50)).max(ALIASES_MAX * 4)])
  .transform((value, context) => {
    const pieces = (Array.isArray(value) ? value : value.split(","))
      .map((each) => each.trim())
      .filter((each) => each !== "");
    const seen = new Set<string>();
    for (const alias of pieces) {
      if (!z.email().safeParse(alias).success || alias.length > EMAIL_MAX) {
        context.addIssue({ code: "custom", message: credentialMessages.invalidAlias(alias) });
        return z.NEVER;
      }
      const key = alias.toLowerCase();
      if (seen.has(key)) {
        context.addIssue({ code: "custom", message: credentialMessages.duplicateAlias(alias) });
        return z.NEVER;
      }
      seen.add(key);
    }
    if (pieces.length > ALIASES_MAX) {
      context.addIssue({ code: "custom", message: credentialMessages.tooManyAliases });
      return z.NEVER;
    }
    return pieces;
  });

/** PATCH /workspaces/{ws}/providers/{id}: the spec's `{id, attributes: {aliases}}`, and the limits. */
export const updateCredentialAttributes = z
  .object({
    aliases: aliasList.optional(),
    name: name.optional(),
    daily_limit: dailyLimit.optional(),
    min_gap_seconds: minGapSeconds.optional(),
  })
  .strict();
export type UpdateCredentialAttributes = z.infer<typeof updateCredentialAttributes>;
