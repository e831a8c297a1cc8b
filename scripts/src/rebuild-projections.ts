import { parseArgs } from "node:util";
import { type RebuildReport, rebuildReadModels } from "@hirestream/projector/rebuild.ts";
import { projectionNamed, rebuildProjection } from "@hirestream/projector/rebuild-one.ts";
import { SingleBar } from "cli-progress";
import { readConfig } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";

// `npm run rebuild-projections`: every read model rebuilt from the event log into a fresh schema
// while the old one keeps serving, then swapped in. Killed half-way, the next run resumes.
// `-- --projection <name>`: only that read model (and its change-log rows) is replaced.
const { values } = parseArgs({ options: { projection: { type: "string" } } });
const only = values.projection;
if (only !== undefined) {
  try {
    projectionNamed(only);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  }
}
const runtime = await openRuntime(readConfig(), { migrate: true });
const bar = new SingleBar({
  format: `rebuilding ${only ?? "read models"} [{bar}] {percentage}% | {value}/{total} events | {eta_formatted} left`,
  stream: process.stdout,
  noTTYOutput: true,
  notTTYSchedule: 1000,
});
let started = false;
try {
  const common = {
    db: runtime.anyDb,
    store: runtime.store,
    ...(process.env.REBUILD_BATCH_SIZE ? { batchSize: Number(process.env.REBUILD_BATCH_SIZE) } : {}),
    onProgress(done: number, total: number) {
      if (!started) {
        started = true;
        bar.start(total, done);
      }
      bar.update(done);
    },
  };
  const report: RebuildReport =
    only === undefined ? await rebuildReadModels(common) : await rebuildProjection({ ...common, name: only });
  bar.stop();
  const rate = report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events;
  console.log(
    `${report.resumed ? "Resumed an interrupted rebuild. " : ""}Projected ${report.events} events in ${report.seconds.toFixed(1)} s: ${rate} events/s. Swapped in.`,
  );
} catch (error) {
  bar.stop();
  // A read model that stopped on an event: its position and reason, not a stack.
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await runtime.close();
}
