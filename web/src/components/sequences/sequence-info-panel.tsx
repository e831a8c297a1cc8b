import { SEQUENCE_DESCRIPTION_MAX, SEQUENCE_NAME_MAX } from "@hirestream/contracts/sequences/commands.ts";
import { countries } from "@hirestream/contracts/sequences/countries.ts";
import { timeZones } from "@hirestream/contracts/sequences/time-zones.ts";
import { Checkbox, Group, Select, Stack, Textarea } from "@mantine/core";
import { CountedTextInput } from "../workflows/counted-text-input.tsx";
import { remainingCharacters } from "../workflows/workflow-validation.ts";
import { CustomVariablesEditor } from "./custom-variables-editor.tsx";
import type { SequenceForm } from "./use-sequence-form.ts";

const regionOptions = countries.map(([code, name]) => ({ value: code, label: name }));
const timeZoneOptions = timeZones.map(([id, , label]) => ({ value: id, label }));
/** Spec §5, spelled as the spec spells them. */
const reviewOptions = [
  { value: "true", label: "Required - must be aproved before being sent" },
  { value: "false", label: "Not Required - will be sent without a review instance" },
];

/** The Start (New Sequence) or Info tab: the sequence's own fields and its custom variables. */
export function SequenceInfoPanel({ form }: { form: SequenceForm }) {
  const { draft, shown } = form;
  const readOnly = form.mode === "view";
  return (
    <Stack gap="sm">
      <CountedTextInput
        label="Name"
        withAsterisk
        data-autofocus
        readOnly={readOnly}
        max={SEQUENCE_NAME_MAX}
        value={draft.name}
        error={shown.name}
        onChange={(event) => form.set("name", event.currentTarget.value)}
        onBlur={() => form.touch("name")}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        readOnly={readOnly}
        maxLength={SEQUENCE_DESCRIPTION_MAX}
        value={draft.description}
        description={`${remainingCharacters(draft.description, SEQUENCE_DESCRIPTION_MAX)} characters left`}
        inputWrapperOrder={["label", "input", "description", "error"]}
        error={shown.description}
        onChange={(event) => form.set("description", event.currentTarget.value)}
        onBlur={() => form.touch("description")}
      />
      <Select
        label="Messages Review"
        withAsterisk
        readOnly={readOnly}
        data={reviewOptions}
        value={draft.has_review === null ? null : String(draft.has_review)}
        error={shown.has_review}
        onChange={(value) => form.set("has_review", value === null ? null : value === "true")}
        onBlur={() => form.touch("has_review")}
      />
      <Group grow align="flex-start">
        <Select
          label="Region"
          withAsterisk
          searchable
          readOnly={readOnly}
          data={regionOptions}
          value={draft.holiday_country || null}
          error={shown.holiday_country}
          onChange={(value) => form.set("holiday_country", value ?? "")}
          onBlur={() => form.touch("holiday_country")}
        />
        <Select
          label="Time zone"
          withAsterisk
          searchable
          readOnly={readOnly}
          data={timeZoneOptions}
          value={draft.timezone || null}
          error={shown.timezone}
          onChange={(value) => form.set("timezone", value ?? "")}
          onBlur={() => form.touch("timezone")}
        />
      </Group>
      <Group>
        <Checkbox
          label="Send on weekends"
          disabled={readOnly}
          checked={draft.allow_send_weekend}
          onChange={(event) => form.set("allow_send_weekend", event.currentTarget.checked)}
        />
        <Checkbox
          label="Send on holidays"
          disabled={readOnly}
          checked={draft.allow_send_holiday}
          onChange={(event) => form.set("allow_send_holiday", event.currentTarget.checked)}
        />
        <Checkbox
          label="Track opens"
          description="A 1×1 image in each message tells when a person opens it; mail proxies are not counted."
          disabled={readOnly}
          checked={draft.track_opens}
          onChange={(event) => form.set("track_opens", event.currentTarget.checked)}
        />
      </Group>
      <CustomVariablesEditor
        customs={draft.customs}
        readOnly={readOnly}
        onChange={(customs) => form.set("customs", customs)}
      />
    </Stack>
  );
}
