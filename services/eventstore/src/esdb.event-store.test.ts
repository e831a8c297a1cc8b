import { describe } from "vitest";
import { EsdbEventStore } from "./esdb.event-store.ts";
import { eventStoreContract } from "./event-store.contract.ts";

const url = process.env.EVENTSTORE_URL;

if (!url) {
  console.warn(
    "esdb event store contract SKIPPED: EVENTSTORE_URL is not set. " +
      "Point it at an EventStoreDB server (e.g. esdb://localhost:2113?tls=false) to run it.",
  );
}

const title = url
  ? "esdb event store (EVENTSTORE_URL)"
  : "esdb event store contract (skipped: set EVENTSTORE_URL to an EventStoreDB server to run it)";

describe.skipIf(!url)(title, () => {
  eventStoreContract("esdb", async () => {
    if (!url) throw new Error("EVENTSTORE_URL is not set");
    const store = new EsdbEventStore({ connectionString: url });
    return {
      store,
      // ESDB has no transactions to hold a commit open: wait, then append as one writer would.
      async appendSlowly(streamId, events, delayMs) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await store.appendToStream(streamId, events, { expectedRevision: "no_stream" });
      },
      async dispose() {
        await store.close();
      },
    };
  });
});
