import { z } from "zod";

/**
 * How fast one credential may send, shared by the API (defaults of a new credential, validation)
 * and the browser (the form's initial values and bounds).
 *
 * 400 a day stays under the tightest mailbox a recruiter is likely to connect: a consumer Gmail
 * account stops near 500 a day, a Workspace account at 2,000 (500 on trial), and a mailbox that
 * sends its daily allowance in one burst looks like a spammer to every receiving server.
 * One minute between two sends keeps well under Exchange Online's 30 messages a minute and
 * spreads a batch over the working day the way a person would send it.
 */
export const DEFAULT_DAILY_LIMIT = 400;
export const DEFAULT_MIN_GAP_SECONDS = 60;

/**
 * Google caps a Workspace mailbox at 2,000 a day; an SMTP relay may allow more, but never so many
 * that a typo unleashes a flood.
 */
export const MAX_DAILY_LIMIT = 10_000;
/** A gap longer than a day would make the daily limit meaningless. */
export const MAX_MIN_GAP_SECONDS = 86_400;

export const dailyLimit = z.number().int().min(1).max(MAX_DAILY_LIMIT);
export const minGapSeconds = z.number().int().min(0).max(MAX_MIN_GAP_SECONDS);

/** A credential's limits as the scheduler reads them (on the wire: daily_limit, min_gap_seconds). */
export type SendingLimits = { dailyLimit: number; minGapSeconds: number };

export const DEFAULT_SENDING_LIMITS: SendingLimits = {
  dailyLimit: DEFAULT_DAILY_LIMIT,
  minGapSeconds: DEFAULT_MIN_GAP_SECONDS,
};
