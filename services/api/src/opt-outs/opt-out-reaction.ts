import { optOutEvent } from "@hirestream/contracts/opt-outs/events.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import { sql } from "kysely";
import type { Deps } from "../deps.ts";
import { engineContext, runProcessorCommand } from "../processors/processor-commands.ts";

/** The statuses a run can still send from; replied, finished and inactive runs have nothing to stop. */
const running = ["pending", "ready", "sending", "failed", "bounced", "paused"];

/**
 * An address that opted out stops every run that mails it, in every workspace: the runs of the
 * people the event names and of anyone else known by the address now. Each stop is named after
 * the opt-out's event and the run, so a reaction run again stops nothing twice, and says why on
 * the payload (the processor decider's opted_out stop). This is the one query that crosses
 * workspaces, on purpose: the candidate's wish is theirs, not one team's.
 */
export function optOutReaction(deps: Deps): Reaction {
  return {
    name: "opt-out stops",
    types: ["AddressOptedOut"],
    async react(recorded) {
      const event = optOutEvent.safeParse(recorded).data;
      if (event?.type !== "AddressOptedOut") return;
      const { address, personIds } = event.data;
      const runs = await deps.db
        .selectFrom("read.payloads")
        .select("id")
        .where(sql<string>`processor->>'status'`, "in", running)
        .where((eb) =>
          eb.or([
            ...(personIds.length > 0 ? [eb("person_id", "in", personIds)] : []),
            eb(
              "person_id",
              "in",
              eb
                .selectFrom("read.people")
                .select("id")
                .where((people) =>
                  people.or([
                    people(sql`lower(email)`, "=", address),
                    people(sql`lower(email_work)`, "=", address),
                    people(sql`lower(email_second)`, "=", address),
                  ]),
                ),
            ),
          ]),
        )
        .orderBy("id")
        .execute();
      for (const { id } of runs) {
        await runProcessorCommand(
          deps,
          id,
          { type: "StopProcessor", data: { reason: "opted_out" } },
          scopedId(recorded.id, id),
          engineContext(deps),
        );
      }
    },
  };
}
