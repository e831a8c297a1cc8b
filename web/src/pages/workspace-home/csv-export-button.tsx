import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { showErrorToasts } from "../../notifications/toasts.ts";
import { downloadCsv } from "./csv-download.ts";

/**
 * Downloads an analytics CSV; the export is made by the server, so it needs the network. While it
 * is made the button spins, or says `loadingText` where the spec gives words for the wait.
 */
export function CsvExportButton({
  path,
  fileName,
  label,
  loadingText,
  text = "Export CSV",
}: {
  path: string;
  fileName: string;
  /** The button's accessible name, where "Export CSV" alone would not say which export. */
  label?: string;
  loadingText?: string;
  /** The button's words. */
  text?: string;
}) {
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
  const spoken = loading && loadingText !== undefined;
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={14} aria-hidden="true" />}
      loading={loading && !spoken}
      disabled={loading}
      aria-busy={loading}
      onClick={() => void download()}
      {...(label !== undefined ? { "aria-label": label } : {})}
    >
      {spoken ? loadingText : text}
    </Button>
  );
}
