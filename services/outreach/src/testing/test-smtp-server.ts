import net from "node:net";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

export interface ReceivedMail {
  user: string | undefined;
  from: string | undefined;
  to: string[];
  raw: Buffer;
}

export interface TestSmtpServer {
  port: number;
  received: ReceivedMail[];
  stop(): Promise<void>;
}

/** An error an SMTP server answers with: its reply code and words. */
export function smtpReply(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/**
 * A real SMTP server on a port the OS chooses, plain (no STARTTLS), taking AUTH PLAIN/LOGIN for
 * `username`/`password`, keeping every message it accepts. `options` replace its hooks.
 */
export async function startTestSmtpServer(
  credentials: { username: string; password: string },
  options: Partial<SMTPServerOptions> = {},
): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    closeTimeout: 100,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.username && auth.password === credentials.password) {
        callback(null, { user: auth.username });
      } else {
        callback(smtpReply(535, "5.7.8 Authentication credentials invalid"));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const user: unknown = session.user;
        const from = session.envelope.mailFrom;
        received.push({
          user: typeof user === "string" ? user : undefined,
          from: from === false ? undefined : from.address,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks),
        });
        callback(null, "2.0.0 Ok: queued as TEST1");
      });
    },
    ...options,
  });
  server.on("error", () => undefined);
  const port = await new Promise<number>((resolve) => {
    const listening = server.listen(0, "127.0.0.1", () => {
      const address = listening.address();
      resolve(typeof address === "object" && address !== null ? address.port : 0);
    });
  });
  return { port, received, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * A TCP relay to `targetPort` that cuts both connections the moment the client has sent the end of
 * a message (`CRLF.CRLF` after DATA), before the server's answer can come back: the connection
 * dropping after DATA.
 */
export async function startDroppingRelay(targetPort: number): Promise<{ port: number; stop(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(targetPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    let sent = "";
    let inData = false;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      sent = (sent + chunk.toString("latin1")).slice(-64);
      inData ||= sent.includes("\r\nDATA\r\n");
      if (inData && sent.endsWith("\r\n.\r\n")) {
        client.destroy();
        upstream.end();
      }
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!client.destroyed) client.write(chunk);
    });
    for (const socket of [client, upstream]) socket.on("error", () => undefined);
    client.on("close", () => upstream.end());
    upstream.on("close", () => client.destroy());
  });
  const port = await new Promise<number>((resolve) => {
    relay.listen(0, "127.0.0.1", () => {
      const address = relay.address();
      resolve(typeof address === "object" && address !== null ? address.port : 0);
    });
  });
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
