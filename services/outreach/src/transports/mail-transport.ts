export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Names the message across attempts: a transport that can tell sends each key at most once. */
  key?: string;
}

/** Where mail leaves the system. `local` keeps it in Postgres; gmail, graph and smtp follow. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ id: string }>;
}
