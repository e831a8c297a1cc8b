/**
 * A new credential's pace, until someone sets its own. Below every mailbox it may be: a consumer
 * Gmail account sends about 500 messages a day, a Workspace trial 500 and a paid one 2,000; Exchange
 * Online takes 30 a minute. A minute between messages also keeps a sequence from reading as a burst.
 */
export const DEFAULT_DAILY_LIMIT = 400;
export const DEFAULT_MIN_GAP_SECONDS = 60;
export const DAILY_LIMIT_MAX = 10_000;
export const MIN_GAP_SECONDS_MAX = 3600;
