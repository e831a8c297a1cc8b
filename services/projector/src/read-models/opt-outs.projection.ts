import { optOutIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import { optOutSources } from "@hirestream/contracts/opt-outs/events.ts";
import { timestamp } from "@hirestream/contracts/timestamp.ts";
import { z } from "zod";
import type { Projection } from "../projection.ts";

/** An address that opted out, by its opt-out id: what the people read model marks a person with. */
export const optOutTableRow = z.object({
  id: z.uuid(),
  address: z.string(),
  opted_out_at: timestamp,
  source: z.enum(optOutSources),
});
export type OptOutTableRow = z.infer<typeof optOutTableRow>;

/**
 * The addresses that opted out, kept for the people read model: someone added (or given an
 * address) after the address opted out is marked as those known by it then were. Not synced: the
 * person's row carries the mark.
 */
export const optOutsProjection: Projection<OptOutTableRow> = {
  table: "opt_outs",
  row: optOutTableRow,
  entity: null,
  keys(event) {
    return event.type === "AddressOptedOut" ? [{ column: "id", value: event.data.optOutId }] : [];
  },
  apply(rows, event) {
    if (event.type !== "AddressOptedOut") return;
    const { address, source, at } = event.data;
    rows.put({ id: optOutIdOf(address), address, opted_out_at: at, source });
  },
  scopes: () => [],
  toClient: (row) => row,
};
