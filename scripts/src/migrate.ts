import { readConfig } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";

const runtime = await openRuntime(readConfig(), { migrate: true });
console.log("Database is at the newest migration.");
await runtime.close();
