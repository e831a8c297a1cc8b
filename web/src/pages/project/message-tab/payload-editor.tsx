import type { NO_EVENT, PayloadEventName } from "@hirestream/contracts/processors/payload-status.ts";
import { personControls } from "@hirestream/contracts/processors/payload-status.ts";
import { fieldMarks, type ValueRejection } from "@hirestream/contracts/processors/payload-values.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useStableCallback } from "../../../hooks/use-stable-callback.ts";
import type { Stored } from "../../../replica/replica-db.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";
import type { MessagePowers } from "./message-powers.ts";
import { editPayload, sendPayloadEvent } from "./payload-commands.ts";
import { PayloadFields } from "./payload-fields.tsx";
import { PayloadHeader } from "./payload-header.tsx";
import { RepliedThread } from "./replied-thread.tsx";
import { usePayload } from "./use-payloads.ts";

/** Spec §2's words before anyone is chosen. */
export const EDITOR_PLACEHOLDER = "Select a person to start writing";

/** The right-hand side of the Message tab: the chosen person's payload, or the thread once they replied. */
export function PayloadEditor({ payloadId, powers }: { payloadId: string | null; powers: MessagePowers }) {
  const payload = usePayload(payloadId);
  if (payload === undefined) return <Loader size="sm" aria-label="Loading payload" />;
  if (payload === null) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {EDITOR_PLACEHOLDER}
      </Text>
    );
  }
  if (payload.status === "replied") return <RepliedThread payload={payload} />;
  // A fresh form per person: leaving one for another saves what was typed (the form's unmount).
  return <PayloadForm key={payload.id} payload={payload} powers={powers} />;
}

function PayloadForm({ payload, powers }: { payload: Stored<PayloadRow>; powers: MessagePowers }) {
  const runtime = useReplica();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [rejection, setRejection] = useState<ValueRejection | null>(null);
  const latest = useRef({ payload, draft });
  latest.current = { payload, draft };
  const readOnly = !powers.write || !payload.editable;
  const values = { ...payload.payload_values.data, ...draft };
  const changed = Object.entries(draft).some(([name, value]) => (payload.payload_values.data[name] ?? "") !== value);

  /** Values queued and not yet the row's: a blur and the unmount right after it queue them once. */
  const queued = useRef<Record<string, string>>({});

  /** Queues what was typed; false when a value is refused, which then shows in red. */
  const save = useStableCallback(async (): Promise<boolean> => {
    const { payload: current, draft: typed } = latest.current;
    const unsent = Object.fromEntries(Object.entries(typed).filter(([name, value]) => queued.current[name] !== value));
    if (Object.keys(unsent).length === 0) return true;
    const result = editPayload(current, unsent, new Date());
    if ("rejection" in result) {
      setRejection(result.rejection);
      return false;
    }
    setRejection(null);
    Object.assign(queued.current, unsent);
    try {
      if (result.command) await runtime.mutate(result.command);
    } catch (error) {
      // The replica refused the write (storage full, closed): nothing changed on screen either.
      console.error("payload edit not queued", error);
      return false;
    } finally {
      for (const [name, value] of Object.entries(unsent))
        if (queued.current[name] === value) delete queued.current[name];
    }
    // Keeps what was typed meanwhile: only the values just queued are the row's now.
    setDraft((now) => Object.fromEntries(Object.entries(now).filter(([name, value]) => unsent[name] !== value)));
    return true;
  });

  // Spec §4: edits auto-save when the tab changes (or another person is chosen): both unmount the form.
  useEffect(() => () => void save(), [save]);

  const fire = async (event: PayloadEventName | typeof NO_EVENT) => {
    if (!(await save())) return;
    try {
      const fresh = await runtime.db.payloads.get(payload.id);
      const command = fresh ? sendPayloadEvent(fresh, event, new Date()) : null;
      if (command) await runtime.mutate(command);
    } catch (error) {
      console.error("payload event not queued", error);
    }
  };

  const controls = personControls(payload.status);
  const mayFire = (event: PayloadEventName | typeof NO_EVENT) =>
    event !== "none" && powers.event(event, payload.has_review);
  return (
    <Stack gap="md">
      <PayloadHeader payload={payload} saving={payload._pending > 0} />
      <PayloadFields
        marks={fieldMarks(payload.payload_fields, values)}
        readOnly={readOnly}
        rejection={rejection}
        onChange={(name, value) => setDraft((now) => ({ ...now, [name]: value }))}
        onBlur={() => void save()}
      />
      {powers.write && (
        <Group justify="flex-end" gap="sm">
          {!readOnly && (
            <Button variant="default" disabled={!changed} onClick={() => void save()}>
              Save
            </Button>
          )}
          {controls.pause.visible && mayFire("event_pause") && (
            <Button variant="default" disabled={controls.pause.disabled} onClick={() => void fire("event_pause")}>
              Pause
            </Button>
          )}
          {controls.resume.visible && mayFire("event_resume") && (
            <Button variant="default" disabled={controls.resume.disabled} onClick={() => void fire("event_resume")}>
              Resume
            </Button>
          )}
          {payload.button !== null && mayFire(payload.event) && (
            <Button onClick={() => void fire(payload.event)}>{payload.button}</Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
