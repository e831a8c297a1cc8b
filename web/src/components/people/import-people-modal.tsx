import { IMPORT_MAX_ROWS } from "@hirestream/contracts/people/import.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Alert, Button, FileInput, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { messagesOf } from "../../api/api-errors.ts";
import { type ImportOutcome, importPeopleCsv } from "../../api/people-api.ts";
import { newId } from "../../ids/new-id.ts";
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

/** Inside a project, the stages its people can land in, in pipeline order. */
export interface ImportIntoProject {
  id: string;
  stages: readonly Pick<StageRow, "id" | "name">[];
}

function intro(workspaceId: string | undefined, project: ImportIntoProject | undefined): string {
  if (project) return "They are added to the chosen stage of this project, to its workspace and to your Talent Pool.";
  if (workspaceId) return "They are added to this workspace and to your Talent Pool.";
  return "They are added to your Talent Pool.";
}

/**
 * Add People: uploads a CSV file of candidates into the user's talent pool, and into a workspace
 * when given one; inside a project (the only place the stage choice is offered) into one of its
 * stages too. Unlike edits, an import needs the network; the people it adds arrive by sync.
 * Mount it to open it.
 */
export function ImportPeopleModal({
  workspaceId,
  project,
  onClose,
}: {
  workspaceId?: string | undefined;
  project?: ImportIntoProject | undefined;
  onClose: () => void;
}) {
  const { online } = useSnapshot(connection);
  const [stageId, setStageId] = useState<string | null>(project?.stages[0]?.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<Check>({ status: "none" });
  const [uploading, setUploading] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  // One key per chosen file: pressing Import again after a lost answer does not import twice.
  const idempotencyKey = useRef(newId());
  const chosen = useRef<File | null>(null);

  const choose = async (next: File | null) => {
    chosen.current = next;
    idempotencyKey.current = newId();
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
      const into = project && stageId ? { id: project.id, stageId } : undefined;
      setOutcome(await importPeopleCsv({ file, workspaceId, project: into, idempotencyKey: idempotencyKey.current }));
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setUploading(false);
    }
  };

  const canImport = check.status === "ready" && online && !uploading && (!project || stageId !== null);
  return (
    <Modal opened onClose={onClose} title="Add People" size="lg" centered>
      <Stack gap="md">
        {outcome ? (
          <ImportResultView outcome={outcome} />
        ) : (
          <>
            <Text size="sm">
              Choose a .csv file with a header line and up to {IMPORT_MAX_ROWS} candidates.{" "}
              {intro(workspaceId, project)}
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
            {project && (
              <Select
                label="Stage"
                description="The stage the imported candidates start in."
                data={project.stages.map((stage) => ({ value: stage.id, label: stage.name }))}
                value={stageId}
                onChange={(next) => {
                  // A new target is a new import, not a retry of the last one.
                  idempotencyKey.current = newId();
                  setStageId(next);
                }}
                allowDeselect={false}
                error={project.stages.length === 0 ? "Assign a workflow to the project first" : null}
              />
            )}
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
