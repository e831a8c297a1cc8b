// The documents the panel's picker reads (workspaces, a workspace's projects, a project's stages),
// turned into the choices it shows.
import { z } from "zod";
import type { Choice, ProjectChoice } from "../messages.ts";

const named = z.object({ id: z.string(), attributes: z.object({ name: z.string() }) });

export function workspacesOf(body: unknown): Choice[] {
  return z
    .object({ data: z.array(named) })
    .parse(body)
    .data.map((workspace) => ({ id: workspace.id, name: workspace.attributes.name }));
}

export function projectsOf(body: unknown): ProjectChoice[] {
  const project = z.object({
    id: z.string(),
    attributes: z.object({ name: z.string(), workflow_id: z.string().nullable() }),
  });
  return z
    .object({ data: z.array(project) })
    .parse(body)
    .data.map((item) => ({ id: item.id, name: item.attributes.name, workflow_id: item.attributes.workflow_id }));
}

/** A workflow's stages travel as `stage` items in `included`; the picker lists them in their order. */
export function stagesOf(body: unknown): Choice[] {
  const stage = z.object({
    id: z.string(),
    type: z.string(),
    attributes: z.object({ name: z.string(), position: z.number() }),
  });
  return z
    .object({ included: z.array(stage).default([]) })
    .parse(body)
    .included.filter((item) => item.type === "stage")
    .sort((a, b) => a.attributes.position - b.attributes.position)
    .map((item) => ({ id: item.id, name: item.attributes.name }));
}
