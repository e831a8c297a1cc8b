import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { Deps } from "../deps.ts";
import { addressOfTag } from "../opt-outs/opt-out-token.ts";
import { currentProcessor, engineContext, runProcessorCommand } from "../processors/processor-commands.ts";
import { pixelMessage } from "./pixel-token.ts";

/** What a request for a pixel said of itself. */
export interface PixelRequest {
  token: string;
  userAgent: string | undefined;
  ip: string;
  /** Names the fetch: the same request handled twice is one command. */
  requestId: string;
}

/**
 * Records the fetch of a pixel as an open of the message it names (the decider tells a person
 * from a machine and records each once). A token of no message, or whose tag was not made for the
 * address that message went to, records nothing; nor does a message sent without a pixel.
 * Answers whether an open was recorded.
 */
export async function recordPixelFetch(deps: Deps, fetch: PixelRequest): Promise<boolean> {
  const named = pixelMessage(fetch.token);
  if (named === null) return false;
  const state = await currentProcessor(deps, named.processorId);
  if (state.status !== "started") return false;
  const sent = state.run.sent.get(named.position);
  if (sent === undefined || !sent.tracked) return false;
  const address = await addressOfTag(deps.db, named.processorId, named.tag, [sent.to], "open");
  if (address === undefined) return false;
  const outcome = await runProcessorCommand(
    deps,
    named.processorId,
    { type: "RecordOpen", data: { position: named.position, userAgent: fetch.userAgent, ip: fetch.ip } },
    scopedId(fetch.requestId, "open"),
    engineContext(deps),
  );
  return outcome.events.length > 0;
}
