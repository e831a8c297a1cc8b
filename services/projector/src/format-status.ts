import type { ProjectorStatus } from "./projection-status.ts";

function seconds(value: number | null): string {
  if (value === null) return "?";
  if (value < 60) return `${value.toFixed(1)} s`;
  if (value < 3600) return `${(value / 60).toFixed(1)} min`;
  return `${(value / 3600).toFixed(1)} h`;
}

/** The status as a table one reads at a glance, then each stopped read model's position and reason. */
export function formatStatus(status: ProjectorStatus): string {
  const header = ["read model", "state", "checkpoint", "lag (events)", "lag (time)"];
  const table = status.projections.map((p) => [
    p.name,
    p.failedPosition !== null ? "FAILED" : p.lagEvents === 0 ? "ok" : "behind",
    String(p.position),
    p.lagEvents === null ? "?" : String(p.lagEvents),
    seconds(p.lagSeconds),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...table.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 2 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  const failed = status.projections.filter((p) => p.failedPosition !== null);
  return [
    line(header),
    ...table.map(line),
    "",
    `Browsers and reads waiting for a write see up to position ${status.horizon}.`,
    ...(failed.length === 0
      ? ["No read model has failed."]
      : failed.flatMap((p) => [
          `${p.name} failed at position ${p.failedPosition}${p.failedAt ? ` (${p.failedAt.toISOString()})` : ""}: ${p.failure}`,
        ])),
  ].join("\n");
}
