import { readConfig } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";
import { type Running, startApi, startOutreach, startProjectorService } from "./runtime/services.ts";

// `npm run api|projector|outreach`: one service per process, for a multi-process deployment.
const name = process.argv[2];
const config = readConfig();
// Every service migrates on start: kysely's migration lock makes concurrent starts safe.
const runtime = await openRuntime(config, { migrate: true });
let service: Running;
switch (name) {
  case "api":
    service = await startApi(runtime, config);
    console.log(`api listening at ${config.appUrl}`);
    break;
  case "projector":
    service = await startProjectorService(runtime, config);
    console.log("projector following the event store, with its reactions");
    break;
  case "outreach":
    service = await startOutreach(runtime, config);
    console.log("outreach worker started");
    break;
  default:
    console.error("usage: run-service.ts api|projector|outreach");
    await runtime.close();
    process.exit(2);
}
const stop = async () => {
  await service.stop();
  await runtime.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
