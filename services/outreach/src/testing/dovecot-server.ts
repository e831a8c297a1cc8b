// For tests of reading a mailbox over IMAP: a real Dovecot (Debian's dovecot-imapd) started from a
// configuration of its own in a temporary folder (its own base_dir, state and mail), listening on
// 127.0.0.1 only, plain-text sign-in allowed because nothing leaves the machine, running as the
// user who runs the tests (root in CI). It never reads /etc/dovecot nor listens on 143.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ImapFlow } from "imapflow";

const DOVECOT = "/usr/sbin/dovecot";
const DOVEADM = "/usr/bin/doveadm";
const run = promisify(execFile);

export const dovecotMissing =
  "Dovecot is not installed, and the IMAP tests need it: install Debian's dovecot-imapd as root " +
  "(`apt-get install -y dovecot-imapd`; `npm test` does this itself when it runs as root).";

export interface DovecotServer {
  host: string;
  port: number;
  /** A mailbox that signs in with this user name and password, once Dovecot has read it from its passwd-file. */
  addUser(user: string, password: string): Promise<void>;
  /** Puts a message into the user's INBOX as a mail server delivers it (IMAP APPEND). */
  append(user: string, raw: Buffer | string): Promise<void>;
  /** The user's INBOX gets a new UIDVALIDITY, as when a server rebuilds a mailbox: earlier UIDs mean nothing. */
  renumber(user: string): Promise<void>;
  stop(): Promise<void>;
}

/** TEST_IMAP_PORTS (`14300-14399`) keeps the server within a range; otherwise any free port. */
async function choosePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_IMAP_PORTS?.trim() ?? "");
  const candidates = range
    ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i)
    : [0];
  for (const candidate of candidates) {
    const port = await new Promise<number | undefined>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(undefined));
      probe.listen(candidate, "127.0.0.1", () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === "object" && address ? address.port : undefined));
      });
    });
    if (port !== undefined) return port;
  }
  throw new Error(`no free port in TEST_IMAP_PORTS (${process.env.TEST_IMAP_PORTS})`);
}

/**
 * Who runs what. Dovecot started by a user runs everything as that user (its "rootless" setup).
 * Started by root it refuses to run its login processes or read mail as root, so those run as the
 * package's own `dovenull` and `dovecot` users and the mail as `nobody`, in folders given to it.
 */
async function identities() {
  const me = userInfo();
  if (me.uid !== 0) {
    const group = (await run("id", ["-gn"])).stdout.trim();
    return {
      mailUid: me.uid,
      mailGid: me.gid,
      users: `default_internal_user = ${me.username}\ndefault_internal_group = ${group}\ndefault_login_user = ${me.username}`,
      auth: me.username,
    };
  }
  return {
    mailUid: 65534,
    mailGid: 65534,
    users: "default_internal_user = dovecot\ndefault_login_user = dovenull",
    auth: "root",
  };
}

function configuration(dir: string, port: number, who: Awaited<ReturnType<typeof identities>>): string {
  return `# A throwaway Dovecot for tests: everything lives under ${dir}.
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = hirestream-test-${port}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A refused password answers at once (tests check refusals; no one guesses passwords here).
auth_failure_delay = 0
${who.users}
first_valid_uid = ${who.mailUid}
last_valid_uid = 0
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${who.mailUid} gid=${who.mailGid} home=${dir}/home/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
  # No growing delay for an address after a refused password: the tests are that address.
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service auth {
  user = ${who.auth}
}
service auth-worker {
  user = ${who.auth}
}
`;
}

/** Resolves once the server greets on `port`; rejects when the process ends first, or after 15 s. */
async function greeting(child: ChildProcess, port: number, log: string): Promise<void> {
  let running = true;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => {
      running = false;
      reject(new Error(`dovecot stopped (${code}): ${existsSync(log) ? readFileSync(log, "utf8") : ""}`));
    }),
  );
  // Stopped later on purpose, once it did greet: nothing waits for this then.
  exited.catch(() => undefined);
  const greets = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      // The master accepts before its login process is up: no greeting within a second is a retry.
      socket.setTimeout(1000, () => {
        socket.destroy();
        resolve(false);
      });
      socket.once("data", (chunk) => {
        socket.destroy();
        resolve(chunk.toString().startsWith("* OK"));
      });
      socket.once("error", () => resolve(false));
    });
  const connects = async (): Promise<void> => {
    for (const started = Date.now(); running && !(await greets()); ) {
      if (Date.now() - started > 15_000) throw new Error(`dovecot did not answer on ${port} in 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  await Promise.race([connects(), exited]);
}

/** Starts a Dovecot of its own; throws `dovecotMissing` where it is not installed. */
export async function startDovecot(): Promise<DovecotServer> {
  if (!existsSync(DOVECOT)) throw new Error(dovecotMissing);
  // Dovecot 2.4 (Debian 13) renamed most settings this configuration uses.
  const { stdout: version } = await run(DOVECOT, ["--version"]);
  if (!version.startsWith("2.3.")) {
    throw new Error(`The test configuration is written for Dovecot 2.3 (Debian 12's); this is ${version.trim()}`);
  }
  const who = await identities();
  const dir = mkdtempSync(path.join(tmpdir(), "hirestream-dovecot-"));
  // Dovecot's own users must reach its sockets, and the mail user its mail.
  chmodSync(dir, 0o755);
  for (const folder of ["run", "state", "mail", "home"]) mkdirSync(path.join(dir, folder));
  for (const folder of ["mail", "home"]) chownSync(path.join(dir, folder), who.mailUid, who.mailGid);
  const users = path.join(dir, "users");
  writeFileSync(users, "", { mode: 0o600 });
  const port = await choosePort();
  const config = path.join(dir, "dovecot.conf");
  writeFileSync(config, configuration(dir, port, who));
  // A watchdog shell stops Dovecot when it is told to, or once this process is gone (a test
  // process that is killed runs no clean-up of its own).
  const watchdog = `"$0" -F -c "$1" & server=$!
trap 'kill $server; wait $server; exit 0' TERM
while kill -0 "$2" 2>/dev/null && kill -0 $server 2>/dev/null; do sleep 1; done
kill $server 2>/dev/null; wait $server`;
  const child = spawn("/bin/sh", ["-c", watchdog, DOVECOT, config, String(process.pid)], { stdio: "ignore" });
  const stopped = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await stopped;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await greeting(child, port, path.join(dir, "dovecot.log"));
  } catch (error) {
    await stop();
    throw error;
  }
  const passwords = new Map<string, string>();
  const signedIn = async (user: string) => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: passwords.get(user) ?? "" },
      logger: false,
    });
    await client.connect();
    return client;
  };

  return {
    host: "127.0.0.1",
    port,
    async addUser(user, password) {
      passwords.set(user, password);
      appendFileSync(users, `${user}:{PLAIN}${password}\n`);
      // Dovecot looks at the passwd-file again at most once a second: wait until it knows the user.
      for (let tries = 0; ; tries++) {
        const client = await signedIn(user).catch((error: unknown) => {
          if (tries >= 100) throw error;
          return undefined;
        });
        if (client) return client.logout();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async append(user, raw) {
      const client = await signedIn(user);
      try {
        await client.append("INBOX", raw);
      } finally {
        await client.logout();
      }
    },
    async renumber(user) {
      const client = await signedIn(user);
      let current: bigint | undefined;
      try {
        const status = await client.status("INBOX", { uidValidity: true });
        current = status ? status.uidValidity : undefined;
      } finally {
        await client.logout();
      }
      const next = String((current ?? 0n) + 1000n);
      await run(DOVEADM, ["-c", config, "mailbox", "update", "-u", user, "--uid-validity", next, "INBOX"]);
    },
    stop,
  };
}
