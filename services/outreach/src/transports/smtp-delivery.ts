import { Readable } from "node:stream";
import type { ConnectionOptions } from "node:tls";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { MailSendError, UNCERTAIN_SEND_MESSAGE } from "./mail-send-error.ts";

/** An SMTP credential's settings, the password already decrypted. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** `true`: TLS from the first byte (port 465). `false`: plain, upgraded by STARTTLS when offered. */
  secure: boolean;
  username: string;
  password: string;
}

export interface SmtpConnectionTuning {
  /** Extra TLS options (trusted certificates); never turns verification off by itself. */
  tls?: ConnectionOptions;
  /** Seconds to wait for the server at each stage, 60 by default. */
  timeoutSeconds?: number;
}

interface SmtpFailure {
  responseCode?: number;
  response?: string;
  message: string;
}

function failureOf(error: unknown): SmtpFailure {
  if (!(error instanceof Error)) return { message: String(error) };
  const code: unknown = "responseCode" in error ? error.responseCode : undefined;
  const response: unknown = "response" in error ? error.response : undefined;
  return {
    message: error.message,
    ...(typeof code === "number" ? { responseCode: code } : {}),
    ...(typeof response === "string" ? { response } : {}),
  };
}

/**
 * What a failure means. Before the message was handed over nothing can have been delivered: a 5xx
 * is final, anything else may be retried. After it was handed over only the server's own final
 * answer settles it: a 5xx or 4xx means it was not taken; no answer means nobody knows.
 */
function classify(error: unknown, stage: "login" | "envelope" | "message"): MailSendError {
  const failure = failureOf(error);
  const words = failure.response ?? failure.message;
  const code = failure.responseCode;
  if (stage === "message" && code === undefined) return new MailSendError("uncertain", UNCERTAIN_SEND_MESSAGE);
  if (code !== undefined && code >= 500) {
    const what =
      stage === "login" ? "The SMTP server refused the username or password" : "The SMTP server refused the message";
    return new MailSendError("failed", `${what}: ${words}`);
  }
  return new MailSendError("retry", `The SMTP server could not take the message now: ${words}`);
}

/**
 * Hands `raw` to the server over one connection (connect, authenticate, MAIL FROM, RCPT TO, DATA).
 * The message is given as a stream the connection reads only once the server said "go ahead" to
 * DATA, so we know whether a failure came before or after the message left us. Answers the
 * server's final reply (its queue id).
 */
export async function deliverOverSmtp(
  settings: SmtpSettings,
  envelope: { from: string; to: string[] },
  raw: Buffer,
  tuning: SmtpConnectionTuning = {},
): Promise<string> {
  const timeout = (tuning.timeoutSeconds ?? 60) * 1000;
  const connection = new SMTPConnection({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    allowInternalNetworkInterfaces: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(tuning.tls === undefined ? {} : { tls: tuning.tls }),
  });
  let handedOver = false;
  // Errors also come as events; the callbacks below carry them, this keeps them from going unhandled.
  connection.on("error", () => undefined);
  try {
    await new Promise<void>((resolve, reject) => connection.connect((error) => (error ? reject(error) : resolve())));
    await new Promise<void>((resolve, reject) =>
      connection.login({ user: settings.username, pass: settings.password }, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  } catch (error) {
    connection.close();
    throw classify(error, "login");
  }
  const message = new Readable({
    read() {
      handedOver = true;
      this.push(raw);
      this.push(null);
    },
  });
  try {
    const info = await new Promise<{ response: string }>((resolve, reject) =>
      connection.send(envelope, message, (error, result) =>
        error || result === undefined ? reject(error) : resolve(result),
      ),
    );
    connection.quit();
    return info.response;
  } catch (error) {
    connection.close();
    throw classify(error, handedOver ? "message" : "envelope");
  }
}
