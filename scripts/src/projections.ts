import { parseArgs } from "node:util";
import { formatStatus } from "@hirestream/projector/format-status.ts";
import { projectorStatus } from "@hirestream/projector/projection-status.ts";
import { readConfig } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";

// `npm run projections -- status`: each read model's checkpoint, how far it lags, and why it
// stopped if it did. Only reads (after bringing the database to the newest migration).
const usage = "usage: npm run projections -- status";
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
if (positionals.length !== 1 || positionals[0] !== "status") {
  console.error(usage);
  process.exit(2);
}
const runtime = await openRuntime(readConfig(), { migrate: true });
try {
  console.log(formatStatus(await projectorStatus(runtime.anyDb)));
} finally {
  await runtime.close();
}
