/**
 * Why a draft did not go out, and what may be done about it:
 * - `retry`: not handed over (connection refused, a temporary 4xx): sending it again is safe;
 * - `failed`: refused for good (authentication, a 5xx for the sender, a recipient or the message);
 * - `uncertain`: handed over, but the answer never came (the connection dropped after DATA). The
 *   server may have delivered it, so it is never sent again automatically: the step is reported
 *   failed with this message, and a person decides.
 */
export type MailSendOutcome = "retry" | "failed" | "uncertain";

export class MailSendError extends Error {
  readonly outcome: MailSendOutcome;
  constructor(outcome: MailSendOutcome, message: string) {
    super(message);
    this.name = "MailSendError";
    this.outcome = outcome;
  }
}

export const UNCERTAIN_SEND_MESSAGE =
  "The connection dropped after the message was handed to the mail server: it may or may not have been delivered, so it was not sent again.";
