import { isIP } from "node:net";
import { Readable } from "node:stream";
import type { ConnectionOptions } from "node:tls";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import { MailSendError, UNCERTAIN_SEND_MESSAGE } from "./mail-send-error.ts";

/** An SMTP credential's settings, the password already decrypted. */
export interface SmtpSettings {
  host: string;
  port: number;
  /**
   * `true`: TLS from the first byte (port 465). `false`: STARTTLS, required (no password or message
   * crosses the network in clear) except to this machine, where a plain relay is allowed.
   */
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

// Why TLS refused the server's certificate (Node's codes, from OpenSSL): retrying will not help, and
// the password is never sent to a server we cannot trust.
const untrustedCertificate = new Set([
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_REVOKED",
  "CERT_UNTRUSTED",
  "CERT_REJECTED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** Whether a connection to `host` without `secure` must upgrade with STARTTLS before anything is sent. */
export function requiresStartTls(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  return !(name === "localhost" || name === "::1" || (isIP(name) === 4 && name.startsWith("127.")));
}

interface SmtpFailure {
  tlsCode?: string;
  responseCode?: number;
  response?: string;
  message: string;
}

function failureOf(error: unknown): SmtpFailure {
  if (!(error instanceof Error)) return { message: String(error) };
  const code: unknown = "responseCode" in error ? error.responseCode : undefined;
  const response: unknown = "response" in error ? error.response : undefined;
  const tlsCode: unknown = "originalCode" in error ? error.originalCode : "code" in error ? error.code : undefined;
  return {
    message: error.message,
    ...(typeof tlsCode === "string" && untrustedCertificate.has(tlsCode) ? { tlsCode } : {}),
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
  if (failure.tlsCode !== undefined) {
    return new MailSendError("failed", `The SMTP server's TLS certificate cannot be trusted: ${failure.message}`);
  }
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
    requireTLS: !settings.secure && requiresStartTls(settings.host),
    allowInternalNetworkInterfaces: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    ...(tuning.tls === undefined ? {} : { tls: tuning.tls }),
  });
  let handedOver = false;
  // Some failures (TLS, a dropped socket) come only as an `error` event, not through the callback
  // of the step under way: either settles that step.
  let failStep: (error: unknown) => void = () => undefined;
  connection.on("error", (error) => failStep(error));
  const step = <T>(run: (done: (error: unknown, result?: T) => void) => void) =>
    new Promise<T | undefined>((resolve, reject) => {
      failStep = reject;
      run((error, result) => (error ? reject(error) : resolve(result)));
    });
  try {
    await step<void>((done) => connection.connect((error) => done(error)));
    await step<boolean>((done) =>
      connection.login({ user: settings.username, pass: settings.password }, (error, result) => done(error, result)),
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
