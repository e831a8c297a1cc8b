import { describe, expect, test } from "vitest";
import { requestPersistentStorage, type StorageManagerLike } from "./persistent-storage.ts";

/** A storage manager answering as a browser would, recording what it was asked. */
function manager(answers: { persisted: boolean; persist: boolean | Error }) {
  const asked: string[] = [];
  const storage: StorageManagerLike = {
    persisted: async () => {
      asked.push("persisted");
      return answers.persisted;
    },
    persist: async () => {
      asked.push("persist");
      if (answers.persist instanceof Error) throw answers.persist;
      return answers.persist;
    },
  };
  return { storage, asked };
}

describe("requestPersistentStorage", () => {
  test("asks for persistence when the data is not yet persisted, and reports the answer", async () => {
    const granted = manager({ persisted: false, persist: true });
    expect(await requestPersistentStorage(granted.storage)).toBe("persisted");
    expect(granted.asked).toEqual(["persisted", "persist"]);
    const refused = manager({ persisted: false, persist: false });
    expect(await requestPersistentStorage(refused.storage)).toBe("best-effort");
  });

  test("does not ask again when the browser already keeps the data", async () => {
    const kept = manager({ persisted: true, persist: true });
    expect(await requestPersistentStorage(kept.storage)).toBe("persisted");
    expect(kept.asked).toEqual(["persisted"]);
  });

  test("asks nothing and claims nothing without navigator.storage (an insecure context)", async () => {
    expect(await requestPersistentStorage(undefined)).toBe("unavailable");
  });

  test("a browser that throws leaves the data stored as it was", async () => {
    const throwing = manager({ persisted: false, persist: new Error("denied") });
    expect(await requestPersistentStorage(throwing.storage)).toBe("best-effort");
  });
});
