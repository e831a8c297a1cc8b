/**
 * The mail server refused the mailbox's user name or password: nothing can be read until someone
 * changes them. `serverMessage` is the server's own words, shown as the credential's error.
 */
export class MailboxSignInRefusedError extends Error {
  readonly serverMessage: string;
  constructor(serverMessage: string) {
    super(`The mail server refused the mailbox's sign-in: ${serverMessage}`);
    this.name = "MailboxSignInRefusedError";
    this.serverMessage = serverMessage;
  }
}
