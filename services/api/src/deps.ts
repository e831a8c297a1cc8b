import type { FeatureFlags } from "@hirestream/contracts/features/flags.ts";
import type { AggregateCache } from "@hirestream/eventstore/aggregate-cache.ts";
import type { EventStore } from "@hirestream/eventstore/event-store.ts";
import type { Kysely } from "kysely";
import type { Pool } from "pg";
import type { ProviderFetch, SignInProviders } from "./auth/provider-sign-in/oidc-clients.ts";
import type { SecretKeyring } from "./credentials/secret-box.ts";
import type { Database } from "./database.ts";
import type { ReadModelWatcher } from "./http/read-model-watcher.ts";

/** Everything the API touches, handed in so tests run it on real Postgres with a fixed clock. */
export interface Deps {
  db: Kysely<Database>;
  /** The pool under `db`, for the few hot queries run as named (prepared) statements. */
  pool: Pool;
  store: EventStore;
  clock: () => Date;
  readModels: ReadModelWatcher;
  /** Where the web app is served; links in mail point there. */
  appUrl: string;
  /** Origins besides APP_URL's and the page's own from which the sync socket may be opened. */
  allowedOrigins?: readonly string[];
  /**
   * Whose X-Forwarded-For to believe, as Fastify's `trustProxy` takes it: `true` for every hop, or
   * proxy addresses and CIDR ranges. Unset: the socket's address is the client's.
   */
  trustProxy?: boolean | string;
  /** The built web app to serve beside the API, if any. */
  webRoot?: string;
  /** Folded aggregate states kept between commands; buildApp makes one when none is given. */
  aggregates?: AggregateCache;
  /** Largest request body accepted, in bytes. */
  bodyLimit?: number;
  /** How long a read sent with `x-min-position` waits for read models before answering 503 (default 5000 ms). */
  readYourWritesTimeoutMs?: number;
  /** How long a repeated Idempotency-Key waits for the first request to finish before answering 503 (default 10000 ms). */
  idempotencyWaitMs?: number;
  /** The feature flags GET /features answers; every flag is on when not given. */
  features?: FeatureFlags;
  logger?: boolean;
  /** Where log lines go when `logger` is on (stdout when not given): tests read them back. */
  logStream?: { write(line: string): void };
  /** Seals credentials' secrets (CREDENTIALS_KEY or the data folder's key); one made for this process when not given. */
  credentialsKeyring?: SecretKeyring;
  /** LOCAL_MAILBOX: whether `local` credentials may be added (on when not given). */
  localMailbox?: boolean;
  /** Sign-in with Google and Microsoft (GOOGLE_*, MICROSOFT_*): a provider left out is not offered. */
  signInProviders?: SignInProviders;
  /** How the server reaches those providers (`fetch` when not given). */
  providerFetch?: ProviderFetch;
  /** Where the Gmail and Graph APIs answer (GMAIL_API_URL, GRAPH_API_URL; Google's and Microsoft's when not given). */
  mailApis?: { gmail: string; graph: string };
}
