import path from "node:path";
import type { SignInProviders } from "@hirestream/api/auth/provider-sign-in/oidc-clients.ts";
import type { FeatureFlags } from "@hirestream/contracts/features/flags.ts";
import { DEFAULT_GMAIL_API_URL, DEFAULT_GRAPH_API_URL } from "@hirestream/outreach/transports/mail-api-urls.ts";

export const repoRoot = path.join(import.meta.dirname, "../../..");

/** Every setting the services read, from the environment, with the defaults a fresh clone needs. */
export interface Config {
  port: number;
  host: string;
  /** Unset: the embedded PostgreSQL under `.data/postgres` is started. */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  /** Unset: events live in Postgres. `esdb://…`: an EventStoreDB cluster. */
  eventStoreUrl: string | undefined;
  appUrl: string;
  /** Origins besides APP_URL's and the page's own that may open the sync socket. */
  allowedOrigins: string[];
  /** Whose X-Forwarded-For to believe (Deps.trustProxy); false: nobody's. */
  trustProxy: boolean | string;
  dataDir: string;
  log: boolean;
  features: FeatureFlags;
  /** CREDENTIALS_KEY (base64 of 32 bytes); unset: the key kept in the data folder. */
  credentialsKey: string | undefined;
  /** CREDENTIALS_PREVIOUS_KEYS: keys that still open secrets sealed before a rotation. */
  credentialsPreviousKeys: string | undefined;
  /** LOCAL_MAILBOX: whether `local` credentials (the development mailbox) may be added. */
  localMailbox: boolean;
  /** Sign-in with Google (GOOGLE_*) and Microsoft (MICROSOFT_*): offered only when a client id is set. */
  signInProviders: SignInProviders;
  /** GMAIL_API_URL and GRAPH_API_URL: where the Gmail and Microsoft Graph mail APIs answer (a local server in tests). */
  mailApis: { gmail: string; graph: string };
  /** MAILBOX_POLL_SECONDS: how often the outreach service reads every connected mailbox's new mail. */
  mailboxPollSeconds: number;
}

/** A flag is on unless switched off: a fresh clone shows every screen built so far. */
function flagOn(value: string | undefined): boolean {
  return !["off", "false", "0"].includes((value ?? "").trim().toLowerCase());
}

/**
 * TRUST_PROXY: `true` believes every hop of X-Forwarded-For (only when nothing reaches the server
 * but through the proxy); otherwise the proxies' addresses or CIDR ranges, comma-separated, as
 * Fastify's trustProxy takes them. A bare hop count is refused: Fastify cannot tell from a count
 * that the peer really is the proxy, so it would believe nobody.
 */
function trustProxyOf(value: string | undefined): boolean | string {
  const given = (value ?? "").trim();
  if (["", "false", "off", "0"].includes(given.toLowerCase())) return false;
  if (given.toLowerCase() === "true") return true;
  if (/^\d+$/.test(given))
    throw new Error(
      `TRUST_PROXY takes true or the proxies' addresses (e.g. 10.0.0.1 or 10.0.0.0/8), not a hop count (${given})`,
    );
  return given;
}

/** ALLOWED_ORIGINS: comma-separated `scheme://host[:port]`; anything else is a mistake worth stopping for. */
function originsOf(value: string | undefined): string[] {
  const given = (value ?? "")
    .split(",")
    .map((each) => each.trim())
    .filter((each) => each !== "");
  return given.map((each) => {
    let origin: string;
    try {
      origin = new URL(each).origin;
    } catch {
      origin = "null";
    }
    if (origin === "null" || origin !== each.replace(/\/$/, "").toLowerCase())
      throw new Error(`ALLOWED_ORIGINS takes origins such as https://crm.example.com, not ${each}`);
    return origin;
  });
}

/** An http(s) URL without its trailing slash, or a stop naming the setting. */
function urlSetting(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL such as https://login.example.com, not ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`${name} must be an http(s) URL, not ${value}`);
  return url.toString().replace(/\/$/, "");
}

/**
 * GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET / GOOGLE_ISSUER and MICROSOFT_CLIENT_ID /
 * MICROSOFT_CLIENT_SECRET / MICROSOFT_AUTHORITY. Microsoft's OpenID configuration is the
 * authority's `v2.0` one (as MSAL reads it), whose issuer `common` stands for any tenant.
 */
function signInProvidersOf(env: NodeJS.ProcessEnv): SignInProviders {
  const providers: SignInProviders = {};
  const google = env.GOOGLE_CLIENT_ID?.trim();
  if (google) {
    providers.google_oauth2 = {
      issuer: urlSetting("GOOGLE_ISSUER", env.GOOGLE_ISSUER?.trim() || "https://accounts.google.com"),
      clientId: google,
      clientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    };
  }
  const microsoft = env.MICROSOFT_CLIENT_ID?.trim();
  if (microsoft) {
    const authority = urlSetting(
      "MICROSOFT_AUTHORITY",
      env.MICROSOFT_AUTHORITY?.trim() || "https://login.microsoftonline.com/common",
    );
    providers.microsoft_graph_auth = {
      issuer: `${authority}/v2.0`,
      clientId: microsoft,
      clientSecret: env.MICROSOFT_CLIENT_SECRET || undefined,
    };
  }
  return providers;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPostgresPort: Number(env.EMBEDDED_PGPORT ?? 54320),
    eventStoreUrl: env.EVENTSTORE_URL || undefined,
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    allowedOrigins: originsOf(env.ALLOWED_ORIGINS),
    dataDir: env.DATA_DIR ?? path.join(repoRoot, ".data"),
    log: env.LOG === "1" || env.LOG === "true",
    features: { feature_sequence: flagOn(env.FEATURE_SEQUENCE) },
    credentialsKey: env.CREDENTIALS_KEY || undefined,
    credentialsPreviousKeys: env.CREDENTIALS_PREVIOUS_KEYS || undefined,
    localMailbox: flagOn(env.LOCAL_MAILBOX),
    signInProviders: signInProvidersOf(env),
    mailApis: {
      gmail: urlSetting("GMAIL_API_URL", env.GMAIL_API_URL?.trim() || DEFAULT_GMAIL_API_URL),
      graph: urlSetting("GRAPH_API_URL", env.GRAPH_API_URL?.trim() || DEFAULT_GRAPH_API_URL),
    },
    mailboxPollSeconds: mailboxPollSecondsOf(env.MAILBOX_POLL_SECONDS),
  };
}

/** MAILBOX_POLL_SECONDS: a whole number of seconds, at least 5 (a mail server is not to be hammered). */
function mailboxPollSecondsOf(value: string | undefined): number {
  const given = (value ?? "").trim();
  if (given === "") return 60;
  const seconds = Number(given);
  if (!Number.isInteger(seconds) || seconds < 5)
    throw new Error(`MAILBOX_POLL_SECONDS must be a whole number of seconds, at least 5, not ${given}`);
  return seconds;
}
