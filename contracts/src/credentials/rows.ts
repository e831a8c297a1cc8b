import { z } from "zod";
import { timestamp } from "../timestamp.ts";

/** Spec §3's provider types, and two beyond it (API.md): any SMTP mailbox, and the development mailbox. */
export const providerTypes = ["google_oauth2", "microsoft_graph_auth", "smtp", "local"] as const;
export type ProviderType = (typeof providerTypes)[number];
export const credentialHealths = ["Tested", "Pending", "Error"] as const;
export type CredentialHealth = (typeof credentialHealths)[number];

/**
 * The credentials read model (the spec's provider): one row per credential not removed; scope
 * `ws:{workspace_id}`. Secrets never reach it: they stay encrypted in the credential's own store.
 */
export const credentialRow = z.object({
  id: z.uuid(),
  workspace_id: z.uuid(),
  name: z.string(),
  email: z.string(),
  provider_type: z.enum(providerTypes),
  aliases: z.array(z.string()),
  health: z.enum(credentialHealths),
  fail_message: z.string().nullable(),
  /** Messages per rolling day, and seconds between two sends: the scheduler keeps to both. */
  daily_limit: z.number().int().min(1),
  min_gap_seconds: z.number().int().min(0),
  user_id: z.uuid(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CredentialRow = z.infer<typeof credentialRow>;
