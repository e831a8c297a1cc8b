import nodemailer from "nodemailer";

/** What a credential's Test needs to reach an SMTP server and sign in. */
export interface SmtpAccount {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password: string;
}

/** A Test should answer while the user waits: an unreachable host fails in seconds, not minutes. */
const TIMEOUT_MS = 15_000;

/**
 * Connects to the server, says hello, upgrades to TLS when offered and signs in, then quits
 * without sending anything. Null when all of that worked; otherwise the server's (or the
 * network's) words, with the password cut out should a server ever echo it.
 */
export async function verifySmtp(account: SmtpAccount): Promise<string | null> {
  const transport = nodemailer.createTransport({
    host: account.host,
    port: account.port,
    secure: account.secure,
    auth: { user: account.username, pass: account.password },
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    logger: false,
    debug: false,
  });
  try {
    await transport.verify();
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return message.split(account.password).join("•••");
  } finally {
    transport.close();
  }
}
