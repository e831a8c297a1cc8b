import { rebuildReadModels } from "@hirestream/projector/rebuild.ts";
import { SingleBar } from "cli-progress";
import { readConfig } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";

// `npm run rebuild-projections`: every read model rebuilt from the event log into a fresh schema
// while the old one keeps serving, then swapped in. Killed half-way, the next run resumes.
const runtime = await openRuntime(readConfig(), { migrate: true });
const bar = new SingleBar({
  format: "rebuilding read models [{bar}] {percentage}% | {value}/{total} events | {eta_formatted} left",
  stream: process.stdout,
  noTTYOutput: true,
  notTTYSchedule: 1000,
});
let started = false;
try {
  const report = await rebuildReadModels({
    db: runtime.anyDb,
    store: runtime.store,
    ...(process.env.REBUILD_BATCH_SIZE ? { batchSize: Number(process.env.REBUILD_BATCH_SIZE) } : {}),
    onProgress(done, total) {
      if (!started) {
        started = true;
        bar.start(total, done);
      }
      bar.update(done);
    },
  });
  bar.stop();
  const rate = report.seconds > 0 ? Math.round(report.events / report.seconds) : report.events;
  console.log(
    `${report.resumed ? "Resumed an interrupted rebuild. " : ""}Projected ${report.events} events in ${report.seconds.toFixed(1)} s: ${rate} events/s. Swapped in.`,
  );
} finally {
  await runtime.close();
}
