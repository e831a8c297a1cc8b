import { once } from "node:events";
import { Worker } from "node:worker_threads";

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts http-server.worker.ts on its own thread and waits until it listens. */
export async function startBenchServer(databaseUrl: string): Promise<BenchServer> {
  const worker = new Worker(new URL("./http-server.worker.ts", import.meta.url), { workerData: databaseUrl });
  const exited = once(worker, "exit");
  const [message]: unknown[] = await Promise.race([
    once(worker, "message"),
    exited.then(([code]) => {
      throw new Error(`the API worker exited (code ${String(code)}) before it listened`);
    }),
  ]);
  const url = message && typeof message === "object" && "url" in message ? message.url : undefined;
  if (typeof url !== "string") throw new Error("the API worker sent no URL");
  return {
    url,
    async stop() {
      worker.postMessage("stop");
      // Everything it opened is closed, so the thread ends by itself; give it a bounded time.
      const timer = setTimeout(() => void worker.terminate(), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
