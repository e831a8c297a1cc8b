import { loadCredentialsKeyring } from "@hirestream/api/credentials/credentials-key.ts";
import { resealCredentialSecrets } from "@hirestream/api/credentials/reseal-credential-secrets.ts";
import { readConfig } from "./runtime/config.ts";
import { openRuntime } from "./runtime/runtime.ts";

// `npm run reseal-credentials`: after a key rotation (the new CREDENTIALS_KEY, the old one in
// CREDENTIALS_PREVIOUS_KEYS), every stored secret sealed again under the new key, so that the old
// one can be dropped. Safe to run while the services run, and again.
const config = readConfig();
const runtime = await openRuntime(config, { migrate: true });
try {
  const report = await resealCredentialSecrets({
    db: runtime.db,
    credentialsKeyring: loadCredentialsKeyring({
      key: config.credentialsKey,
      previousKeys: config.credentialsPreviousKeys,
      dataDir: config.dataDir,
    }),
  });
  console.log(`Sealed again under the current key: ${report.resealed}. Already under it: ${report.current}.`);
  if (report.unreadable.length > 0) {
    console.error(
      `No key opens the secrets of ${report.unreadable.length} credential(s), left as they were: ${report.unreadable.join(", ")}. ` +
        "Add the key they were sealed with to CREDENTIALS_PREVIOUS_KEYS, or reconnect those credentials.",
    );
    process.exitCode = 1;
  }
} finally {
  await runtime.close();
}
