import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

/** A program a step of ours drives, and the Debian package that brings it. */
export interface NeededPackage {
  binary: string;
  debianPackage: string;
  usedBy: string;
}

/**
 * The browser tests and the bench drive Debian's Chromium, the IMAP tests Debian's Dovecot (each
 * starts its own from a configuration in a temporary folder): install what is missing (CI runs as
 * root), with no question asked and nothing read from standard input. What cannot be installed is
 * said, and the steps that need it fail on their own, by name.
 */
export function ensureDebianPackages(needed: readonly NeededPackage[], env: NodeJS.ProcessEnv = process.env): void {
  const missing = needed.filter(({ binary }) => !existsSync(binary));
  if (missing.length === 0) return;
  const names = missing.map(({ debianPackage }) => debianPackage);
  console.log(
    `Installing Debian's ${names.join(" and ")} for the ${missing.map(({ usedBy }) => usedBy).join(" and ")}…`,
  );
  const apt = (args: string[]) =>
    spawnSync("apt-get", args, {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...env, DEBIAN_FRONTEND: "noninteractive" },
    }).status;
  const installed = apt(["update", "-qq"]) === 0 && apt(["install", "-y", "-qq", ...names]) === 0;
  for (const { binary, debianPackage, usedBy } of missing) {
    if (installed && existsSync(binary)) continue;
    console.error(
      `Could not install ${debianPackage}: ${usedBy} will fail. Install it yourself (apt-get install ${debianPackage}).`,
    );
  }
}
