import { randomUUID } from "node:crypto";
import { importResultDocument } from "@hirestream/contracts/people/import.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.ts";
import { counts, importFixtures } from "../people/import/testing/import-fixtures.ts";
import { countEvents, type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { lockIdOf } from "./idempotency-claims.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
});
afterAll(async () => {
  await t.close();
});

const times = 10;
let emails = 0;
const newUser = () => signUpUser(t.app, `racer${++emails}@example.com`);

const createWorkspace = (user: SignedIn, key: string, name: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: { ...user.headers, "idempotency-key": key, "content-type": "application/json" },
    payload: JSON.stringify({ data: { type: "workspace", attributes: { name } } }),
  });

async function workspacesOf(user: SignedIn, position: number): Promise<{ id: string; name: string }[]> {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/v1/workspaces?limit=50",
    headers: { ...user.headers, "x-min-position": String(position) },
  });
  expect(response.statusCode).toBe(200);
  return response
    .json<{ data: { id: string; attributes: { name: string } }[] }>()
    .data.map((item) => ({ id: item.id, name: item.attributes.name }));
}

const statusesOf = (answers: { statusCode: number }[]) => answers.map((answer) => answer.statusCode).sort();

describe("one Idempotency-Key sent many times at once", () => {
  it("answers every copy of the same request with the first answer and creates one workspace", async () => {
    const user = await newUser();
    const key = randomUUID();
    const before = await countEvents(t.pool);
    const answers = await Promise.all(Array.from({ length: times }, () => createWorkspace(user, key, "Raced")));

    expect(statusesOf(answers)).toEqual(Array(times).fill(201));
    const [first] = answers;
    // Byte for byte: the replay is the first answer as it was sent, not a copy rebuilt from it.
    for (const answer of answers) expect(answer.body).toBe(first?.body);
    expect(answers.filter((answer) => answer.headers["idempotent-replayed"] === "true")).toHaveLength(times - 1);
    expect(await countEvents(t.pool)).toBe(before + 2);
    expect(await workspacesOf(user, first?.json().meta.position)).toEqual([
      { id: first?.json().data.id, name: "Raced" },
    ]);
  });

  it("answers one of several different bodies and refuses the others with 422, storing only the answered one", async () => {
    const user = await newUser();
    const key = randomUUID();
    const before = await countEvents(t.pool);
    const answers = await Promise.all(
      Array.from({ length: times }, (_, i) => createWorkspace(user, key, `Contender ${i}`)),
    );

    expect(statusesOf(answers)).toEqual([201, ...Array(times - 1).fill(422)]);
    const created = answers.find((answer) => answer.statusCode === 201);
    for (const refused of answers.filter((answer) => answer.statusCode === 422)) {
      expect(refused.json().errors[0]).toMatchObject({ status: "422", code: "IDEMPOTENCY_KEY_REUSED" });
    }
    expect(await countEvents(t.pool)).toBe(before + 2);
    const stored = await workspacesOf(user, created?.json().meta.position);
    expect(stored).toEqual([{ id: created?.json().data.id, name: created?.json().data.attributes.name }]);
  });

  it("answers the first answer to copies sent to two API processes at once", async () => {
    const other = await t.anotherProcess();
    const user = await newUser();
    const key = randomUUID();
    const before = await countEvents(t.pool);
    const answers = await Promise.all(
      Array.from({ length: times }, (_, i) =>
        (i % 2 === 0 ? t.app : other).inject({
          method: "POST",
          url: "/api/v1/workspaces",
          headers: { ...user.headers, "idempotency-key": key, "content-type": "application/json" },
          payload: JSON.stringify({ data: { type: "workspace", attributes: { name: "Two processes" } } }),
        }),
      ),
    );
    expect(statusesOf(answers)).toEqual(Array(times).fill(201));
    for (const answer of answers) expect(answer.body).toBe(answers[0]?.body);
    expect(answers.filter((answer) => answer.headers["idempotent-replayed"] === "true")).toHaveLength(times - 1);
    expect(await countEvents(t.pool)).toBe(before + 2);
  });

  it("answers the same counts to every copy of a CSV import sent at once", async () => {
    const user = await newUser();
    const { importCsv } = importFixtures(t);
    const csv = "First name,Last name,Email\nAda,Lovelace,ada@example.com\nAlan,Turing,alan@example.com\n";
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: times }, () => importCsv(user, csv, { key })));

    expect(statusesOf(answers)).toEqual(Array(times).fill(200));
    for (const answer of answers) expect(answer.body).toBe(answers[0]?.body);
    expect(counts(importResultDocument.parse(answers[0]?.json()))).toMatchObject({ new: 2, existing: 0, errors: 0 });
    const { rows } = await t.pool.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'PersonAdded' and metadata->>'userId' = $1",
      [user.userId],
    );
    expect(rows[0]?.n).toBe(2);
  });
});

describe("Idempotency-Key of a caller without a session", () => {
  it("lets two people sign up with the same key", async () => {
    const key = randomUUID();
    const signUp = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth",
        headers: { "idempotency-key": key },
        payload: { email, password: "correct horse battery", password_confirmation: "correct horse battery" },
      });
    const ada = await signUp("shared-key-ada@example.com");
    const bob = await signUp("shared-key-bob@example.com");
    expect(ada.statusCode, ada.body).toBe(200);
    expect(bob.statusCode, bob.body).toBe(200);
    expect(ada.json().data.email).toBe("shared-key-ada@example.com");
    expect(bob.json().data.email).toBe("shared-key-bob@example.com");
    expect(bob.json().data.id).not.toBe(ada.json().data.id);
  });

  it("signs nobody in who repeats someone's sign-up key and email with another password", async () => {
    const key = randomUUID();
    const signUp = (password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth",
        headers: { "idempotency-key": key },
        payload: { email: "first-comer@example.com", password, password_confirmation: password },
      });
    const first = await signUp("correct horse battery");
    expect(first.statusCode, first.body).toBe(200);
    const repeat = await signUp("correct horse battery");
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().data.id).toBe(first.json().data.id);

    const intruder = await signUp("another password entirely");
    expect(intruder.statusCode).toBe(422);
    expect(intruder.json()).toMatchObject({ status: "error", errors: { email: ["has already been taken"] } });
    expect(intruder.headers["access-token"]).toBeUndefined();
  });

  it("keeps a sign-up and a reset sent with one key apart", async () => {
    const key = randomUUID();
    const email = "one-key@example.com";
    const signUp = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth",
      headers: { "idempotency-key": key },
      payload: { email, password: "correct horse battery", password_confirmation: "correct horse battery" },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/v1/auth/password",
      headers: { "idempotency-key": key },
      payload: { email },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await t.reactions?.settle();
    const { rows } = await t.pool.query<{ n: number }>(
      "select count(*)::int as n from local_mailbox where to_address = $1",
      [email],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("mails a reset link to each of two people asking with the same key", async () => {
    const ada = await newUser();
    const bob = await newUser();
    const key = randomUUID();
    const reset = (email: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/auth/password",
        headers: { "idempotency-key": key },
        payload: { email },
      });
    const forAda = await reset(ada.email);
    const forBob = await reset(bob.email);
    expect(forAda.statusCode, forAda.body).toBe(200);
    expect(forBob.statusCode, forBob.body).toBe(200);
    await t.reactions?.settle();
    const { rows } = await t.pool.query<{ to_address: string }>(
      "select to_address from local_mailbox where to_address = any($1) order by to_address",
      [[ada.email, bob.email]],
    );
    expect(rows.map((row) => row.to_address)).toEqual([ada.email, bob.email].sort());
    const { rows: requested } = await t.pool.query<{ n: number }>(
      "select count(*)::int as n from events where type = 'UserPasswordResetRequested' and stream_id = any($1)",
      [[`user-${ada.userId}`, `user-${bob.userId}`]],
    );
    expect(requested[0]?.n).toBe(2);
  });
});

describe("a key whose first attempt is still running", () => {
  /** Holds a user's key as a first attempt in another process would, on a connection of its own. */
  async function holdKey(user: SignedIn, key: string) {
    const holder = new pg.Client({ connectionString: connectionStringOf(t.pool) });
    await holder.connect();
    await holder.query("select pg_advisory_lock($1::bigint)", [lockIdOf(user.userId, key)]);
    return holder;
  }

  const waitingOnKeys = async () => {
    const { rows } = await t.pool.query<{ n: number }>(
      `select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted
          and database = (select oid from pg_database where datname = current_database())`,
    );
    return rows[0]?.n ?? 0;
  };

  it("runs the repeat itself once the first attempt dies without an answer", async () => {
    const user = await newUser();
    const key = randomUUID();
    const holder = await holdKey(user, key);
    const before = await countEvents(t.pool);
    const repeat = createWorkspace(user, key, "Outlived");
    await expect.poll(waitingOnKeys).toBe(1);
    // The first attempt's process dies: its connection, and the key with it, goes.
    await holder.end();

    const answer = await repeat;
    expect(answer.statusCode).toBe(201);
    expect(answer.headers["idempotent-replayed"]).toBeUndefined();
    expect(await countEvents(t.pool)).toBe(before + 2);
    const again = await createWorkspace(user, key, "Outlived");
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(answer.json());
  });

  it("answers 503 with Retry-After, changing nothing, when the first attempt outlasts the wait", async () => {
    const impatient = await buildApp({
      db: t.db,
      pool: t.pool,
      store: t.store,
      clock: () => t.clock.now,
      readModels: t.readModels,
      appUrl: "http://localhost:3000",
      idempotencyWaitMs: 50,
    });
    const user = await newUser();
    const key = randomUUID();
    const holder = await holdKey(user, key);
    try {
      const before = await countEvents(t.pool);
      const answer = await impatient.inject({
        method: "POST",
        url: "/api/v1/workspaces",
        headers: { ...user.headers, "idempotency-key": key, "content-type": "application/json" },
        payload: JSON.stringify({ data: { type: "workspace", attributes: { name: "Impatient" } } }),
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.headers["retry-after"]).toBe("1");
      expect(answer.json().errors[0]).toMatchObject({ status: "503", code: "IDEMPOTENCY_KEY_IN_USE" });
      expect(await countEvents(t.pool)).toBe(before);
    } finally {
      await holder.end();
      await impatient.close();
    }
  });
});

function connectionStringOf(pool: pg.Pool): string {
  const { connectionString } = pool.options;
  if (!connectionString) throw new Error("the test pool has no connection string");
  return connectionString;
}
