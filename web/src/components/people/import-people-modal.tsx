import { IMPORT_MAX_ROWS } from "@hirestream/contracts/people/import.ts";
import { Alert, Button, FileInput, Group, Modal, Stack, Text } from "@mantine/core";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { messagesOf } from "../../api/api-errors.ts";
import { type ImportOutcome, importPeopleCsv } from "../../api/people-api.ts";
import { showErrorToasts } from "../../notifications/toasts.ts";
import { connection } from "../../state/connection-state.ts";
import { countCsvRecords, csvFileProblem, csvTextProblem } from "./csv-lines.ts";
import { ImportExampleLinks } from "./import-example-links.tsx";
import { ImportResultView } from "./import-result-view.tsx";

type Check =
  | { status: "none" }
  | { status: "checking" }
  | { status: "ready"; records: number }
  | { status: "refused"; problem: string };

/**
 * Add People: uploads a CSV file of candidates into the user's talent pool, and into a workspace
 * when given one. Unlike edits, an import needs the network; the people it adds arrive by sync.
 * Mount it to open it.
 */
export function ImportPeopleModal({ workspaceId, onClose }: { workspaceId?: string | undefined; onClose: () => void }) {
  const { online } = useSnapshot(connection);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check>({ status: "none" });
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  // One key per chosen file: pressing Import again after a lost answer does not import twice.
  const idempotencyKey = useRef(crypto.randomUUID());
  const chosen = useRef<File | null>(null);

  const choose = async (next: File | null) => {
    chosen.current = next;
    idempotencyKey.current = crypto.randomUUID();
    setFile(next);
    setOutcome(null);
    if (!next) return setCheck({ status: "none" });
    const fileProblem = csvFileProblem(next);
    if (fileProblem) return setCheck({ status: "refused", problem: fileProblem });
    setCheck({ status: "checking" });
    let text: string;
    try {
      text = await next.text();
    } catch {
      // Moved or deleted since it was picked, or unreadable.
      if (chosen.current === next) setCheck({ status: "refused", problem: "This file could not be read." });
      return;
    }
    // Another file may have been chosen while this one was read.
    if (chosen.current !== next) return;
    const problem = csvTextProblem(text);
    setCheck(problem ? { status: "refused", problem } : { status: "ready", records: countCsvRecords(text) });
  };

  const upload = async () => {
    if (!file || check.status !== "ready") return;
    setUploading(true);
    try {
      setOutcome(await importPeopleCsv({ file, workspaceId, idempotencyKey: idempotencyKey.current }));
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setUploading(false);
    }
  };

  const canImport = check.status === "ready" && online && !uploading;
  return (
    <Modal opened onClose={onClose} title="Add People" size="lg" centered>
      <Stack gap="md">
        {outcome ? (
          <ImportResultView outcome={outcome} />
        ) : (
          <>
            <Text size="sm">
              Choose a .csv file with a header line and up to {IMPORT_MAX_ROWS} candidates.{" "}
              {workspaceId
                ? "They are added to this workspace and to your Talent Pool."
                : "They are added to your Talent Pool."}
            </Text>
            <ImportExampleLinks />
            <FileInput
              label="CSV file"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              clearable
              leftSection={<IconFileTypeCsv size={18} aria-hidden="true" />}
              value={file}
              onChange={(next) => void choose(next)}
              error={check.status === "refused" ? check.problem : null}
              description={
                check.status === "ready"
                  ? check.records === 1
                    ? "1 candidate in this file."
                    : `${check.records} candidates in this file.`
                  : undefined
              }
              data-autofocus
            />
            {!online && (
              <Alert color="yellow" title="You are offline">
                Importing a file needs a connection to the server. Try again once you are back online.
              </Alert>
            )}
          </>
        )}
        <Group justify="flex-end">
          {outcome ? (
            <>
              <Button variant="default" onClick={() => void choose(null)}>
                Import another file
              </Button>
              <Button onClick={onClose}>Close</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button onClick={() => void upload()} disabled={!canImport} loading={uploading}>
                Import
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
