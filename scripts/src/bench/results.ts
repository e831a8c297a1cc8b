import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** One measured figure and, where DESIGN.md sets one, its budget. `pass` is null for context-only rows. */
export interface Figure {
  name: string;
  value: string;
  budget: string;
  pass: boolean | null;
  note?: string;
}

export interface Environment {
  date: string;
  nproc: number;
  node: string;
  postgres: string;
  postgresSettings: string;
  loadAverage: string;
  revision: string;
  command: string;
}

export const formatRate = (perSecond: number) => `${Math.round(perSecond).toLocaleString("en-US")}/s`;
export const formatMs = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
export const formatCount = (n: number) => n.toLocaleString("en-US");

function verdict(pass: boolean | null): string {
  if (pass === null) return "—";
  return pass ? "pass" : "**FAIL**";
}

export function renderTable(figures: Figure[]): string {
  const lines = ["| figure | measured | budget (DESIGN.md) | result | note |", "|---|---|---|---|---|"];
  for (const f of figures) {
    lines.push(`| ${f.name} | ${f.value} | ${f.budget} | ${verdict(f.pass)} | ${f.note ?? ""} |`);
  }
  return lines.join("\n");
}

export function renderResults(figures: Figure[], env: Environment): string {
  const misses = figures.filter((f) => f.pass === false);
  const summary =
    misses.length === 0
      ? "Every budgeted figure is within its budget."
      : `**${misses.length} figure(s) MISSED their budget:** ${misses.map((f) => f.name).join("; ")}.`;
  return `# Bench results

Written by \`${env.command}\`; overwritten on every run.

- Date: ${env.date}
- nproc: ${env.nproc}
- Node: ${env.node}
- PostgreSQL: ${env.postgres} (embedded, own cluster under \`.data/bench-postgres\`; ${env.postgresSettings})
- Load average when the run started: ${env.loadAverage} (other work on the machine skews every figure)
- Code: ${env.revision}
- Command: \`${env.command}\`

${summary}

${renderTable(figures)}
`;
}

/** Overwrites `bench/RESULTS.md` and returns its path. */
export function writeResults(repoRoot: string, markdown: string): string {
  const file = path.join(repoRoot, "bench", "RESULTS.md");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, markdown);
  return file;
}
