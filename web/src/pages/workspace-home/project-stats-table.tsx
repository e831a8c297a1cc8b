import { openRatePercent, type ProjectStats } from "@hirestream/contracts/analytics/project-stats.ts";
import { openWords } from "@hirestream/contracts/opens/open-kinds.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { Loader, RingProgress, Table, Text } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useReplica } from "../../replica/replica-provider.tsx";
import { CsvExportButton } from "./csv-export-button.tsx";
import { projectFiguresOf } from "./dashboard-queries.ts";

const counts: readonly { key: Exclude<keyof ProjectStats, "open_rate">; label: string }[] = [
  { key: "sourced", label: "Sourced" },
  { key: "contacted", label: "Contacted" },
  { key: "replies", label: "Replies" },
  { key: "interested", label: "Interested" },
  { key: "not_interested", label: "Not interested" },
  { key: "follow_up", label: "Follow up" },
];

/**
 * The open rate as a donut with its whole percentage inside (spec §9): messages a person opened
 * over messages sent with a pixel. A project whose sequences do not track opens says so.
 */
function OpenRateDonut({ openRate, tracked }: { openRate: number; tracked: boolean }) {
  if (!tracked)
    return (
      <Text size="xs" c="dimmed" data-stat="open_rate">
        {openWords.not_tracked}
      </Text>
    );
  const percent = openRatePercent(openRate);
  return (
    <RingProgress
      size={56}
      thickness={6}
      roundCaps
      sections={[{ value: percent, color: "teal" }]}
      label={
        <Text size="xs" ta="center" fw={600} data-stat="open_rate">
          {percent}%
        </Text>
      }
      aria-label={`Open rate ${percent}%`}
    />
  );
}

/** A project's name, its counts, its open rate and its own CSV export; counted live from the replica. */
function ProjectStatsRow({ project }: { project: ProjectRow }) {
  const { db } = useReplica();
  const figures = useLiveQuery(() => projectFiguresOf(db, project.id), [db, project.id]);
  const stats = figures?.stats;
  return (
    <Table.Tr>
      <Table.Td>
        <RouterAnchor href={`/workspaces/${project.workspace_id}/project/${project.id}`} fw={500}>
          {project.name}
        </RouterAnchor>
      </Table.Td>
      {counts.map((count) => (
        <Table.Td key={count.key} ta="right" data-stat={count.key}>
          {stats ? stats[count.key] : <Loader size="xs" aria-label="Counting" />}
        </Table.Td>
      ))}
      <Table.Td>
        {figures && <OpenRateDonut openRate={figures.stats.open_rate} tracked={figures.opensTracked} />}
      </Table.Td>
      <Table.Td>
        <CsvExportButton
          path={`/workspaces/${project.workspace_id}/projects/${project.id}/export_analytics`}
          fileName={`${project.name}_analytics.csv`}
          label={`Export ${project.name} as CSV`}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** One row per project. */
export function ProjectStatsTable({ projects }: { projects: readonly ProjectRow[] }) {
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Project</Table.Th>
          {counts.map((count) => (
            <Table.Th key={count.key} ta="right">
              {count.label}
            </Table.Th>
          ))}
          <Table.Th>Open rate</Table.Th>
          <Table.Th aria-label="Export" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projects.map((project) => (
          <ProjectStatsRow key={project.id} project={project} />
        ))}
      </Table.Tbody>
    </Table>
  );
}
