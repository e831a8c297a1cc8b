import { GrantRevokedError } from "./access-tokens.ts";
import { MailSendError, UNCERTAIN_SEND_MESSAGE } from "./mail-send-error.ts";
import { MailboxApiError, MailboxBusyError } from "./mailbox-api-call.ts";

/**
 * What a failed call of a mailbox API (Gmail, Graph) means for the step being sent. `during` says
 * whether the call was the send itself: only there can an unanswered call have delivered mail.
 * - a revoked grant passes through untouched (the credential turns to Error and its processors pause);
 * - still rate limited after the waits: `retry`, later, from the job queue;
 * - no answer, or a server error, to the send: `uncertain` (it may have gone; never sent again);
 *   to any other call: `retry` (nothing was sent);
 * - refused (a 4xx): `failed`, in the provider's words.
 */
export function mailboxSendError(error: unknown, during: "send" | "prepare"): unknown {
  if (error instanceof GrantRevokedError || error instanceof MailSendError) return error;
  if (error instanceof MailboxBusyError) {
    return new MailSendError("retry", `The mailbox is rate limited, the step will be sent later: ${error.message}`);
  }
  if (!(error instanceof MailboxApiError)) return error;
  const status = error.status;
  if (status === undefined || status >= 500) {
    if (during === "send") return new MailSendError("uncertain", UNCERTAIN_SEND_MESSAGE);
    return new MailSendError("retry", `The mailbox could not be reached: ${error.message}`);
  }
  if (status === 408) return new MailSendError("retry", `The mailbox did not answer in time: ${error.message}`);
  if (status === 401) return new MailSendError("failed", `The mailbox refused its access token: ${error.message}`);
  return new MailSendError("failed", `The mailbox refused the message: ${error.message}`);
}
