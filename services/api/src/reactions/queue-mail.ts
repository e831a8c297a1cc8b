import type { OutgoingMail } from "@hirestream/outreach/transports/mail-transport.ts";
import type { Kysely } from "kysely";

/** Queues a mail as job `id` inside the reactor's transaction (pg-boss in production and tests). */
export type QueueMail = (trx: Kysely<unknown>, id: string, mail: OutgoingMail) => Promise<void>;
