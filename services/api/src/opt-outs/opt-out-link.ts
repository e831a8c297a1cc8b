import { processorEvent } from "@hirestream/contracts/processors/events.ts";
import type { Deps } from "../deps.ts";
import { processorStream } from "../processors/processor-commands.ts";
import { addressOfTag, tokenRun } from "./opt-out-token.ts";

/**
 * The address an opt-out link was made for: the token names a run, and its tag must be the one
 * made for an address that run's messages went to (as drafted or sent). Anything else, a token
 * cut short, another run's tag, a run that mailed no one, names nothing.
 */
export async function linkedAddress(
  deps: Deps,
  params: unknown,
): Promise<{ address: string; processorId: string } | null> {
  const token =
    typeof params === "object" && params !== null ? Object.getOwnPropertyDescriptor(params, "token")?.value : undefined;
  if (typeof token !== "string") return null;
  const run = tokenRun(token);
  if (run === null) return null;
  const stored = await deps.store.readStream(processorStream(run.processorId), { fromRevision: 0 });
  const mailed = new Set<string>();
  for (const each of stored) {
    const event = processorEvent.safeParse(each).data;
    if (event?.type === "StepSent" || event?.type === "StepDrafted") mailed.add(event.data.message.to.toLowerCase());
  }
  const address = await addressOfTag(deps.db, run.processorId, run.tag, [...mailed]);
  return address === undefined ? null : { address, processorId: run.processorId };
}
