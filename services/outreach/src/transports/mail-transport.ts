export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where mail leaves the system. `local` keeps it in Postgres; gmail, graph and smtp follow. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}
