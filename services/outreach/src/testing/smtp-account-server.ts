import { SMTPServer } from "smtp-server";

export interface SmtpAccountServer {
  port: number;
  /** Every password the server was offered, right or wrong, in order. */
  offered: string[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port of 127.0.0.1 that takes one account: for tests of what
 * connects to and signs in to a mailbox. Plain text (no STARTTLS), as a local peer may be.
 */
export async function startSmtpAccountServer(account: {
  username: string;
  password: string;
}): Promise<SmtpAccountServer> {
  const offered: string[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      offered.push(auth.password ?? "");
      if (auth.username === account.username && auth.password === account.password) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error("5.7.8 Authentication credentials invalid"));
      }
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  if (address === null || typeof address === "string") throw new Error("the SMTP server has no port");
  return {
    port: address.port,
    offered,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
