import { describe, expect, it } from "vitest";
import { mapLimited } from "./map-limited.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("mapLimited", () => {
  it("answers results in the items' order, however the runs interleave", async () => {
    const results = await mapLimited([5, 1, 3, 0, 2], 3, async (n) => {
      for (let i = 0; i < n; i++) await tick();
      return n * 10;
    });
    expect(results).toEqual([50, 10, 30, 0, 20]);
  });

  it("never runs more than the limit at once, and uses all of it", async () => {
    let running = 0;
    let most = 0;
    await mapLimited(
      Array.from({ length: 30 }, (_, i) => i),
      8,
      async () => {
        running++;
        most = Math.max(most, running);
        await tick();
        running--;
      },
    );
    expect(most).toBe(8);
  });

  it("answers nothing for no items", async () => {
    expect(await mapLimited([], 8, async () => 1)).toEqual([]);
  });

  it("rejects with the first failure and starts no new run after it", async () => {
    const started: number[] = [];
    const outcome = mapLimited([0, 1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      await tick();
      if (n === 1) throw new Error("boom");
      await tick();
    });
    await expect(outcome).rejects.toThrow("boom");
    await tick();
    await tick();
    // 0 was still running when 1 failed; it finishes, but takes nothing after.
    expect(started).toEqual([0, 1]);
  });
});
