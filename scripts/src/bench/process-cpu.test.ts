import { expect, it } from "vitest";
import { cpuOfTree, cpuSpent, descendants, describeCpu, kindOf, parseStat } from "./process-cpu.ts";

it("reads a process's parent and CPU time from its stat line, whatever its name holds", () => {
  const line = "4242 (Chrome_ChildIOT) (x)) S 4200 4242 4200 0 -1 4194560 900 0 0 0 250 130 0 0 20 0 12 0 100 0 0";
  expect(parseStat(line)).toEqual({ pid: 4242, ppid: 4200, comm: "Chrome_ChildIOT) (x)", cpuSeconds: 3.8 });
  expect(parseStat("not a stat line")).toBeNull();
});

it("tells Chromium's processes apart by their type, and PostgreSQL and Node by name, and leaves out kernel threads", () => {
  expect(kindOf("chromium", "/usr/lib/chromium/chromium --headless --no-sandbox")).toBe("Chromium browser process");
  expect(kindOf("chromium", "/usr/lib/chromium/chromium --type=renderer --lang=en")).toBe("Chromium renderer");
  expect(kindOf("chromium", "chromium --type=utility --utility-sub-type=network.mojom.NetworkService")).toBe(
    "Chromium utility (network.mojom.NetworkService)",
  );
  expect(kindOf("postgres", "postgres: hirestream bench 127.0.0.1(5000) idle")).toBe("PostgreSQL");
  expect(kindOf("MainThread", "node scripts/src/bench/bench.ts")).toBe("Node (bench, API and projector threads)");
  expect(kindOf("kworker/u8:2-iou_exit", "")).toBeNull();
});

it("takes in every process below the root and none beside it", () => {
  const stat = (pid: number, ppid: number) => ({ pid, ppid, comm: "x", cpuSeconds: 0 });
  const tree = descendants(1, [stat(3, 2), stat(2, 1), stat(4, 9), stat(5, 3)]);
  expect([...tree].sort()).toEqual([1, 2, 3, 5]);
});

it("gives the time spent between two readings by kind, the most first, leaving out the idle", () => {
  const before = new Map([
    ["renderer", 1],
    ["browser", 2],
    ["gpu", 0.5],
  ]);
  const after = new Map([
    ["renderer", 3.5],
    ["browser", 9],
    ["gpu", 0.52],
    ["PostgreSQL", 0.4],
  ]);
  const spent = cpuSpent(before, after);
  expect(spent).toEqual([
    ["browser", 7],
    ["renderer", 2.5],
    ["PostgreSQL", 0.4],
  ]);
  expect(describeCpu(spent)).toBe("9.9 s: browser 7.0 s, renderer 2.5 s, PostgreSQL 0.4 s");
});

it("sums the CPU of the root's tree by kind, and of no process beside it", () => {
  const stat = (pid: number, ppid: number, comm: string, cpuSeconds: number) => ({ pid, ppid, comm, cpuSeconds });
  const stats = [
    stat(1, 0, "init", 50),
    stat(10, 1, "MainThread", 2),
    stat(11, 10, "chromium", 3),
    stat(12, 11, "chromium", 4),
    stat(13, 11, "chromium", 1),
    stat(20, 1, "chromium", 9),
  ];
  const lines = new Map([
    [1, "/sbin/init"],
    [10, "node bench.ts"],
    [11, "/usr/lib/chromium/chromium --headless"],
    [12, "/usr/lib/chromium/chromium --type=renderer"],
    [13, "/usr/lib/chromium/chromium --type=renderer"],
    [20, "/usr/lib/chromium/chromium --type=renderer"],
  ]);
  expect(cpuOfTree(10, stats, (pid) => lines.get(pid) ?? "")).toEqual(
    new Map([
      ["Node (bench, API and projector threads)", 2],
      ["Chromium browser process", 3],
      ["Chromium renderer", 5],
    ]),
  );
});
