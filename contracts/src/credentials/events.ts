import { z } from "zod";
import { providerTypes } from "./rows.ts";

/**
 * A credential added to a workspace. Never its secrets: those are encrypted in a table of their
 * own, keyed by the credential's id, so the event log (replayed, copied, read by every
 * projection) holds nothing that lets anyone send mail.
 */
export const credentialAdded = z.object({
  type: z.literal("CredentialAdded"),
  data: z.object({
    credentialId: z.uuid(),
    workspaceId: z.uuid(),
    userId: z.uuid(),
    providerType: z.enum(providerTypes),
    name: z.string(),
    email: z.string(),
    dailyLimit: z.number().int().min(1),
    minGapSeconds: z.number().int().min(0),
    /** Whether an IMAP server was given for replies (its address and password are secrets too). */
    hasImap: z.boolean(),
  }),
});

export const credentialRenamed = z.object({
  type: z.literal("CredentialRenamed"),
  data: z.object({ credentialId: z.uuid(), workspaceId: z.uuid(), name: z.string() }),
});

/** The whole alias list after an edit. */
export const credentialAliasesChanged = z.object({
  type: z.literal("CredentialAliasesChanged"),
  data: z.object({ credentialId: z.uuid(), workspaceId: z.uuid(), aliases: z.array(z.string()) }),
});

export const credentialLimitsChanged = z.object({
  type: z.literal("CredentialLimitsChanged"),
  data: z.object({
    credentialId: z.uuid(),
    workspaceId: z.uuid(),
    dailyLimit: z.number().int().min(1),
    minGapSeconds: z.number().int().min(0),
  }),
});

/** A Test that reached the mailbox and signed in: health Tested. */
export const credentialTested = z.object({
  type: z.literal("CredentialTested"),
  data: z.object({ credentialId: z.uuid(), workspaceId: z.uuid() }),
});

/** A Test (or a send) that the mail server refused: health Error, with the server's words. */
export const credentialFailed = z.object({
  type: z.literal("CredentialFailed"),
  data: z.object({ credentialId: z.uuid(), workspaceId: z.uuid(), failMessage: z.string() }),
});

/**
 * A Google or Microsoft mailbox signed in to again (Reconnect): its sealed token was replaced, so
 * an Error it was in (a revoked sign-in) is over and its health is Pending until the next Test.
 */
export const credentialReconnected = z.object({
  type: z.literal("CredentialReconnected"),
  data: z.object({ credentialId: z.uuid(), workspaceId: z.uuid(), userId: z.uuid() }),
});

export const credentialRemoved = z.object({
  type: z.literal("CredentialRemoved"),
  data: z.object({ credentialId: z.uuid(), workspaceId: z.uuid() }),
});

export const credentialEvent = z.discriminatedUnion("type", [
  credentialAdded,
  credentialRenamed,
  credentialAliasesChanged,
  credentialLimitsChanged,
  credentialTested,
  credentialFailed,
  credentialReconnected,
  credentialRemoved,
]);
export type CredentialEvent = z.infer<typeof credentialEvent>;
