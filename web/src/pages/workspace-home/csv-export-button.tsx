import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { showErrorToasts } from "../../notifications/toasts.ts";
import { downloadCsv } from "./csv-download.ts";

/** Downloads an analytics CSV; the export is made by the server, so it needs the network. */
export function CsvExportButton({ path, fileName, label }: { path: string; fileName: string; label: string }) {
  const [loading, setLoading] = useState(false);
  const download = async () => {
    setLoading(true);
    try {
      await downloadCsv(path, fileName);
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
      loading={loading}
      onClick={() => void download()}
      aria-label={label}
    >
      Export CSV
    </Button>
  );
}
