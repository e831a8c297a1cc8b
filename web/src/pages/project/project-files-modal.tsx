import type { FileResource } from "@hirestream/contracts/files/files.ts";
import { Alert, Button, FileInput, Group, Loader, Modal, Stack, Table, Text } from "@mantine/core";
import { IconDownload, IconPaperclip } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { messagesOf } from "../../api/api-errors.ts";
import { fileSizeText, uploadProblem } from "../../components/projects/project-file-rules.ts";
import {
  downloadProjectFile,
  listProjectFiles,
  uploadProjectFile,
} from "../../components/projects/project-files-api.ts";
import type { ProjectListItem } from "../../components/projects/use-projects.ts";
import { newId } from "../../ids/new-id.ts";
import { showErrorToasts } from "../../notifications/toasts.ts";
import { connection } from "../../state/connection-state.ts";

type Listing =
  | { status: "loading" }
  | { status: "failed"; message: string }
  | { status: "ready"; files: FileResource[] };

const uploadedAt = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/**
 * The project's files, straight from the server (files are not in the replica): the list, a
 * download per file and, for those who work in the project, an upload. Mount it to open it.
 */
export function ProjectFilesModal({
  project,
  canUpload,
  onClose,
}: {
  project: ProjectListItem;
  canUpload: boolean;
  onClose: () => void;
}) {
  const { online } = useSnapshot(connection);
  const [listing, setListing] = useState<Listing>({ status: "loading" });
  const [file, setFile] = useState<File | null>(null);
  const [uploading, setUploading] = useState(false);
  // One key per chosen file: pressing Upload again after a lost answer does not store it twice.
  const idempotencyKey = useRef(newId());

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setListing({ status: "loading" });
      try {
        const files = await listProjectFiles(project.id, signal);
        setListing({ status: "ready", files });
      } catch (error) {
        if (signal?.aborted) return;
        setListing({ status: "failed", message: messagesOf(error).join(" ") });
      }
    },
    [project.id],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const choose = (next: File | null) => {
    idempotencyKey.current = newId();
    setFile(next);
  };
  const problem = file ? uploadProblem(file) : null;

  const upload = async () => {
    if (!file || problem) return;
    setUploading(true);
    try {
      const stored = await uploadProjectFile({
        file,
        projectId: project.id,
        workspaceId: project.workspace_id,
        idempotencyKey: idempotencyKey.current,
      });
      setListing((current) =>
        current.status === "ready"
          ? { status: "ready", files: [stored, ...current.files.filter((known) => known.id !== stored.id)] }
          : current,
      );
      choose(null);
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setUploading(false);
    }
  };

  const download = (stored: FileResource) =>
    downloadProjectFile(stored).catch((error: unknown) => showErrorToasts(messagesOf(error)));

  return (
    <Modal opened onClose={onClose} title="Project files" size="lg" centered>
      <Stack gap="md">
        {!online && (
          <Alert color="yellow" title="You are offline">
            Files are kept on the server. Listing, uploading and downloading them needs a connection.
          </Alert>
        )}
        {listing.status === "loading" && (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading files" />
          </Group>
        )}
        {listing.status === "failed" && (
          <Alert color="red" title="The files could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{listing.message}</Text>
              <Button size="xs" variant="light" onClick={() => void load()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {listing.status === "ready" &&
          (listing.files.length === 0 ? (
            <Text c="dimmed">No files in this project yet.</Text>
          ) : (
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Size</Table.Th>
                  <Table.Th>Uploaded</Table.Th>
                  <Table.Th aria-label="Download" w={120} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {listing.files.map((stored) => (
                  <Table.Tr key={stored.id}>
                    <Table.Td style={{ wordBreak: "break-all" }}>{stored.attributes.name}</Table.Td>
                    <Table.Td>{fileSizeText(stored.attributes.size)}</Table.Td>
                    <Table.Td>{uploadedAt.format(new Date(stored.attributes.created_at))}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        leftSection={<IconDownload size={14} aria-hidden="true" />}
                        onClick={() => void download(stored)}
                        aria-label={`Download ${stored.attributes.name}`}
                      >
                        Download
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ))}
        {canUpload && (
          <Group align="flex-end">
            <FileInput
              label="Add a file"
              placeholder="Choose a file"
              clearable
              leftSection={<IconPaperclip size={16} aria-hidden="true" />}
              value={file}
              onChange={choose}
              error={problem}
              style={{ flexGrow: 1 }}
            />
            <Button onClick={() => void upload()} disabled={!file || problem !== null || !online} loading={uploading}>
              Upload
            </Button>
          </Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
