import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { Button, Group, Modal, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";

interface AddToProjectModalProps {
  template: WorkflowRow;
  /** Only the projects that may still take a workflow: assignableProjects. */
  projects: readonly ProjectRow[];
  onAssign: (project: ProjectRow) => void;
  onClose: () => void;
}

/** Add to Project: the template is copied into the project chosen; mount it to open it. */
export function AddToProjectModal({ template, projects, onAssign, onClose }: AddToProjectModalProps) {
  const [projectId, setProjectId] = useState<string | null>(null);
  const chosen = projects.find((project) => project.id === projectId);
  return (
    <Modal opened onClose={onClose} title="Add to Project" centered>
      <Stack gap="md">
        <Text size="sm">The project gets its own copy of {template.name}. A project's workflow is assigned once.</Text>
        {projects.length === 0 ? (
          <Text c="dimmed" size="sm">
            Every active or inactive project you manage here already has a workflow.
          </Text>
        ) : (
          <Select
            label="Project"
            placeholder="Select a project"
            data={projects.map((project) => ({ value: project.id, label: project.name }))}
            value={projectId}
            onChange={setProjectId}
            searchable
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen} onClick={() => chosen && onAssign(chosen)}>
            Assign
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
