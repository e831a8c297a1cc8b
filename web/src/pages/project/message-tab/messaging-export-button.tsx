import { messagingAnalyticsFileName } from "@hirestream/contracts/analytics/messaging-analytics.ts";
import { CsvExportButton } from "../../workspace-home/csv-export-button.tsx";

/** Spec §2's words while the export is made. */
export const GETTING_ANALYTICS = "Getting messaging analytics ...";

/** The current stage's messaging analytics as a CSV file named as the spec names it. */
export function MessagingExportButton({
  workspaceId,
  project,
  stageId,
}: {
  workspaceId: string;
  project: { id: string; name: string };
  stageId: string;
}) {
  return (
    <CsvExportButton
      path={`/workspaces/${workspaceId}/projects/${project.id}/export_analytics?stage_id=${encodeURIComponent(stageId)}`}
      fileName={messagingAnalyticsFileName(project.name)}
      loadingText={GETTING_ANALYTICS}
    />
  );
}
