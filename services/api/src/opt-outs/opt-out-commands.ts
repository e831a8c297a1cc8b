import { normalAddress, optOutIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import { type OptOutSource, optOutEvent } from "@hirestream/contracts/opt-outs/events.ts";
import {
  mayMail,
  type OptOutCommand,
  type OptOutContext,
  type OptOutState,
  optOutDecider,
} from "@hirestream/domain/opt-out/opt-out.decider.ts";
import { handleCommand } from "@hirestream/eventstore/handle-command.ts";
import { sql } from "kysely";
import type { Deps } from "../deps.ts";
import { cachedStreamRead, streamState } from "../stream-state.ts";

export const optOutStream = (address: string) => `opt-out-${optOutIdOf(address)}`;
const parseOptOutEvent = (stored: { type: string; data: unknown }) => optOutEvent.safeParse(stored).data;

/** An address's opt-out as a command would see it now (the stream, not a read model). */
export function currentOptOut(deps: Deps, address: string): Promise<OptOutState> {
  return streamState(deps, optOutDecider, parseOptOutEvent, optOutStream(address));
}

/** Many addresses' opt-outs in one read of their streams, by lower-cased address. */
export async function optOutStates(deps: Deps, addresses: readonly string[]): Promise<Map<string, OptOutState>> {
  const wanted = [...new Set(addresses.map(normalAddress))];
  const reads = wanted.map((address) => cachedStreamRead(deps, optOutDecider, parseOptOutEvent, optOutStream(address)));
  const events = await deps.store.readStreams(reads.map(({ read }) => read));
  const states = new Map<string, OptOutState>();
  reads.forEach(({ fold }, index) => {
    const address = wanted[index];
    if (address !== undefined) states.set(address, fold(events[index] ?? []));
  });
  return states;
}

/** Whether a workspace's sequences may mail an address, by the states `optOutStates` read. */
export function mayMailIn(states: ReadonlyMap<string, OptOutState>, address: string, workspaceId: string): boolean {
  const state = states.get(normalAddress(address));
  return state === undefined || mayMail(state, workspaceId);
}

export function runOptOutCommand(
  deps: Deps,
  address: string,
  command: OptOutCommand,
  commandId: string,
  context: OptOutContext,
) {
  return handleCommand(
    deps.store,
    optOutDecider,
    parseOptOutEvent,
    { streamId: optOutStream(address), command, context, commandId },
    deps.aggregates,
  );
}

/** Everyone known by the address, in every workspace and talent pool: their rows are marked. */
async function peopleKnownBy(deps: Deps, address: string): Promise<string[]> {
  const lower = normalAddress(address);
  const rows = await deps.db
    .selectFrom("read.people")
    .select("id")
    .where((eb) =>
      eb.or([
        eb(sql`lower(email)`, "=", lower),
        eb(sql`lower(email_work)`, "=", lower),
        eb(sql`lower(email_second)`, "=", lower),
      ]),
    )
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Records that `address` asked to hear no more; the opt-out reaction stops its runs. */
export async function recordOptOut(
  deps: Deps,
  request: { address: string; source: OptOutSource; processorId: string | null },
  commandId: string,
) {
  const personIds = await peopleKnownBy(deps, request.address);
  return runOptOutCommand(deps, request.address, { type: "OptOut", data: { ...request, personIds } }, commandId, {
    now: deps.clock(),
    actorId: null,
    workspaceRole: undefined,
  });
}
