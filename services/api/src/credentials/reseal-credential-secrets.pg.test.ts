import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { readCredentialSecrets, readOAuthGrant, storeCredentialSecrets } from "./credential-secrets.ts";
import { resealCredentialSecrets } from "./reseal-credential-secrets.ts";
import { secretKey } from "./secret-box.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const oldKey = secretKey(randomBytes(32));
const newKey = secretKey(randomBytes(32));
const workspaceId = randomUUID();
const smtp = { host: "mail.example.com", port: 587, secure: false, username: "jobs", password: "old-key-password" };
const grant = { provider: "google_oauth2" as const, refreshToken: "1//refresh-token-under-the-old-key" };

it("seals every stored secret again under the current key, after which the old key is no longer needed", async () => {
  const before = { db: t.db, credentialsKeyring: { current: oldKey, previous: [] } };
  const smtpId = randomUUID();
  const oauthId = randomUUID();
  const lostId = randomUUID();
  await storeCredentialSecrets(before, { credentialId: smtpId, workspaceId, commandId: "a" }, { smtp });
  await storeCredentialSecrets(before, { credentialId: oauthId, workspaceId, commandId: "b" }, { oauth: grant });
  // Sealed with a key nobody has any more: it stays as it is, and is reported.
  await storeCredentialSecrets(
    { db: t.db, credentialsKeyring: { current: secretKey(randomBytes(32)), previous: [] } },
    { credentialId: lostId, workspaceId, commandId: "c" },
    { smtp },
  );

  const rotated = { db: t.db, credentialsKeyring: { current: newKey, previous: [oldKey] } };
  const report = await resealCredentialSecrets(rotated);
  expect(report).toEqual({ resealed: 2, current: 0, unreadable: [lostId] });
  const again = await resealCredentialSecrets(rotated);
  expect(again).toEqual({ resealed: 0, current: 2, unreadable: [lostId] });

  const newOnly = { db: t.db, credentialsKeyring: { current: newKey, previous: [] } };
  expect(await readCredentialSecrets(newOnly, smtpId)).toEqual({ smtp });
  expect(await readOAuthGrant(newOnly, oauthId)).toEqual(grant);
  const keys = await t.pool.query<{ key_id: string }>(
    "select key_id from credential_secrets where credential_id = any($1) order by credential_id",
    [[smtpId, oauthId]],
  );
  expect(keys.rows.map((row) => row.key_id)).toEqual([newKey.id, newKey.id]);
});
