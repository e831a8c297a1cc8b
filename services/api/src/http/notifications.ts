import type { Pool, PoolClient } from "pg";

type Handler = (payload: string) => void;

/**
 * This process's one LISTEN connection: the session cache and the sync hub subscribe to their
 * channels here instead of each holding a connection of their own.
 */
export class Notifications {
  readonly #client: PoolClient;
  readonly #handlers = new Map<string, Handler[]>();
  #healthy = true;

  private constructor(client: PoolClient) {
    this.#client = client;
    client.on("notification", (message) => {
      for (const handler of this.#handlers.get(message.channel) ?? []) handler(message.payload ?? "");
    });
    // A lost connection means notifications may be missed: whoever relies on them must know.
    client.on("error", () => {
      this.#healthy = false;
    });
  }

  static async open(pool: Pool): Promise<Notifications> {
    return new Notifications(await pool.connect());
  }

  /** False once the connection broke: caches that trust notifications must stop trusting them. */
  get healthy(): boolean {
    return this.#healthy;
  }

  async listen(channel: string, handler: Handler): Promise<void> {
    const handlers = this.#handlers.get(channel);
    if (handlers) {
      handlers.push(handler);
      return;
    }
    this.#handlers.set(channel, [handler]);
    await this.#client.query(`listen ${channel}`);
  }

  close(): void {
    this.#healthy = false;
    this.#handlers.clear();
    this.#client.release(true);
  }
}
