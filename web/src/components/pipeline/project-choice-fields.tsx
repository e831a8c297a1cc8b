import { Select } from "@mantine/core";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";
import type { ProjectChoice } from "./use-project-choice.ts";
import { workspaceOptions } from "./workspace-options.ts";

function projectPlaceholder(choice: ProjectChoice): string {
  if (choice.workspaceId === null) return "Choose a workspace first";
  if (choice.projects === undefined) return "Loading projects";
  return choice.projects.length === 0 ? "No projects with a workflow" : "Choose a project";
}

/** The workspace dropdown (when `workspaces` is given) and the project dropdown of a choice. */
export function ProjectChoiceFields({
  choice,
  workspaces,
  width = 240,
}: {
  choice: ProjectChoice;
  workspaces?: readonly MyWorkspace[] | undefined;
  width?: number | string;
}) {
  const projects = choice.projects ?? [];
  return (
    <>
      {workspaces && (
        <Select
          label="Workspace"
          placeholder={workspaces.length === 0 ? "No workspaces yet" : "Choose a workspace"}
          data={workspaceOptions(workspaces)}
          value={choice.workspaceId}
          onChange={choice.setWorkspaceId}
          disabled={workspaces.length === 0}
          searchable
          w={width}
        />
      )}
      <Select
        label="Project"
        placeholder={projectPlaceholder(choice)}
        data={projects.map((offered) => ({ value: offered.project.id, label: offered.project.name }))}
        value={choice.projectId}
        onChange={choice.setProjectId}
        disabled={projects.length === 0}
        searchable
        w={width}
      />
    </>
  );
}
