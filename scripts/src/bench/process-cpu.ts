import { readdirSync, readFileSync } from "node:fs";

// CPU time spent by the processes a browser figure runs on: this process (the API and projector
// threads), PostgreSQL and Chromium, each of Chromium's processes apart. On a shared 2-core
// machine wall times swing with the load; CPU seconds tell which part of the system did the work.
// A CPU profile of the page sees only its main thread: IndexedDB's own work runs in Chromium's
// browser process.

/** Linux's clock ticks per second for /proc's utime and stime (USER_HZ). */
const TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** The process's name as the kernel keeps it (at most 15 characters; may hold spaces and parentheses). */
  comm: string;
  /** User and system time, seconds. */
  cpuSeconds: number;
}

/** One line of /proc/<pid>/stat; null for anything else. */
export function parseStat(line: string): ProcStat | null {
  // The name sits between the first "(" and the last ")": it may itself hold either.
  const open = line.indexOf("(");
  const close = line.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const fields = line
    .slice(close + 2)
    .trim()
    .split(" ");
  // After the name: state, ppid, … utime is the 14th field of the line, stime the 15th.
  const [ppid, utime, stime] = [fields[1], fields[11], fields[12]].map(Number);
  const pid = Number(line.slice(0, open).trim());
  if ([pid, ppid, utime, stime].some((value) => value === undefined || !Number.isFinite(value))) return null;
  return {
    pid,
    ppid: ppid ?? 0,
    comm: line.slice(open + 1, close),
    cpuSeconds: ((utime ?? 0) + (stime ?? 0)) / TICKS_PER_SECOND,
  };
}

/**
 * What a process of the tree is, for the reader: Chromium's by their `--type`, the rest by name;
 * null for the kernel's own threads (no command line), which work for every process on the machine.
 */
export function kindOf(comm: string, commandLine: string): string | null {
  if (commandLine === "") return null;
  if (commandLine.includes("postgres") || comm.startsWith("postgres")) return "PostgreSQL";
  const type = /--type=([\w-]+)/.exec(commandLine)?.[1];
  const service = /--utility-sub-type=([\w.]+)/.exec(commandLine)?.[1];
  if (type) return `Chromium ${service ? `${type} (${service})` : type}`;
  if (/chrom/i.test(commandLine)) return "Chromium browser process";
  if (/node/.test(commandLine)) return "Node (bench, API and projector threads)";
  return comm;
}

/** The pids of `root` and every process below it, from each process's parent. */
export function descendants(root: number, stats: readonly ProcStat[]): Set<number> {
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const stat of stats) {
      if (tree.has(stat.ppid) && !tree.has(stat.pid)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  return tree;
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    // Gone meanwhile: a process that ended takes its time with it.
    return null;
  }
};

/** CPU seconds of `root` and every process below it, summed by kind (kindOf). */
export function cpuOfTree(
  root: number,
  stats: readonly ProcStat[],
  commandLineOf: (pid: number) => string,
): Map<string, number> {
  const tree = descendants(root, stats);
  const byKind = new Map<string, number>();
  for (const stat of stats) {
    if (!tree.has(stat.pid)) continue;
    const kind = kindOf(stat.comm, commandLineOf(stat.pid));
    if (kind !== null) byKind.set(kind, (byKind.get(kind) ?? 0) + stat.cpuSeconds);
  }
  return byKind;
}

/** CPU seconds so far of this process and all below it, summed by kind. */
export function processCpu(): Map<string, number> {
  const stats = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      const stat = parseStat(read(`/proc/${entry}/stat`) ?? "");
      return stat ? [stat] : [];
    });
  return cpuOfTree(process.pid, stats, (pid) => (read(`/proc/${pid}/cmdline`) ?? "").replaceAll("\0", " ").trim());
}

/** Seconds spent by kind between two readings, the most first; kinds under 50 ms are left out. */
export function cpuSpent(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): [string, number][] {
  return [...after]
    .map(([kind, seconds]): [string, number] => [kind, seconds - (before.get(kind) ?? 0)])
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1]);
}

/** "12.3 s: Chromium browser process 7.0 s, …" */
export function describeCpu(spent: readonly [string, number][]): string {
  const total = spent.reduce((sum, [, seconds]) => sum + seconds, 0);
  return `${total.toFixed(1)} s: ${spent.map(([kind, seconds]) => `${kind} ${seconds.toFixed(1)} s`).join(", ")}`;
}
