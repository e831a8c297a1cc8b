import { eventMetadata } from "@hirestream/contracts/metadata.ts";
import { projectWorkflowAssigned } from "@hirestream/contracts/projects/events.ts";
import type { Reaction } from "@hirestream/projector/reactions/reaction.ts";
import type { Deps } from "../deps.ts";
import { currentProject } from "../projects/project-commands.ts";
import { findTemplate, makeCopy } from "./workflow-copies.ts";

/**
 * A project that took a template (on creation or later) gets its copy: the request makes it right
 * after the project's append, and this reaction makes sure of it should that request have died in
 * between. The copy's stream is not the project's, and neither event store appends to two streams
 * at once, so the copy cannot be part of the project's append. Both derive the copy's command id
 * from the request's, so whichever comes second appends nothing.
 */
export function workflowCopyReaction(deps: Deps): Reaction {
  return {
    name: "workflow copy",
    types: ["ProjectWorkflowAssigned"],
    async react(recorded) {
      const assigned = projectWorkflowAssigned.safeParse(recorded).data?.data;
      const metadata = eventMetadata.safeParse(recorded.metadata).data;
      if (!assigned || !metadata?.userId) return;
      // A copy removed since (the project let go of it first) is not made again.
      const project = await currentProject(deps, assigned.projectId);
      if (project.status !== "existing" || project.project.workflowId !== assigned.workflowId) return;
      const template = await findTemplate(deps, assigned.workspaceId, assigned.templateId);
      if (typeof template === "string") return;
      await makeCopy(deps, template, assigned.projectId, metadata.commandId, metadata.userId, assigned.ownSequence);
    },
  };
}
