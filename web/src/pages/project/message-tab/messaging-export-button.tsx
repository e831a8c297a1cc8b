import { messagingAnalyticsFileName } from "@hirestream/contracts/analytics/messaging-analytics.ts";
import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { messagesOf } from "../../../api/api-errors.ts";
import { showErrorToasts } from "../../../notifications/toasts.ts";
import { downloadCsv } from "../../workspace-home/csv-download.ts";

/** Spec §2's words while the export is made. */
export const GETTING_ANALYTICS = "Getting messaging analytics ...";

/** The current stage's messaging analytics as a CSV file; made by the server, so it needs the network. */
export function MessagingExportButton({
  workspaceId,
  project,
  stageId,
}: {
  workspaceId: string;
  project: { id: string; name: string };
  stageId: string;
}) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      const path = `/workspaces/${workspaceId}/projects/${project.id}/export_analytics?stage_id=${encodeURIComponent(stageId)}`;
      await downloadCsv(path, messagingAnalyticsFileName(project.name));
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      disabled={loading}
      onClick={() => void download()}
      aria-busy={loading}
    >
      {loading ? GETTING_ANALYTICS : "Export CSV"}
    </Button>
  );
}
