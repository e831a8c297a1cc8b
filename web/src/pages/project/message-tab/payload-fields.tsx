import { type FieldMark, PAYLOAD_TEXT_MAX } from "@hirestream/contracts/processors/payload-values.ts";
import { Stack, Textarea, TextInput } from "@mantine/core";

/**
 * A payload's fields (spec §5 "Payload templates"): a Text field takes at most 80 characters, a
 * Text area any; a missing required value and a field the sequence does not know show in red.
 */
export function PayloadFields({
  marks,
  readOnly,
  rejection,
  onChange,
  onBlur,
}: {
  marks: readonly FieldMark[];
  readOnly: boolean;
  /** The server's or the edit's refusal of one field, in its words. */
  rejection: { name: string; message: string } | null;
  onChange: (name: string, value: string) => void;
  onBlur: () => void;
}) {
  return (
    <Stack gap="sm">
      {marks.map((mark) => {
        const issue = rejection?.name === mark.name ? rejection.message : mark.issue;
        const common = {
          label: mark.name,
          value: mark.value,
          withAsterisk: mark.required,
          error: issue,
          // A field the sequence does not know cannot be written: the server would refuse it.
          readOnly: readOnly || mark.type === null,
          onBlur,
        };
        return mark.type === "Text area" ? (
          <Textarea
            key={mark.name}
            {...common}
            autosize
            minRows={3}
            onChange={(event) => onChange(mark.name, event.currentTarget.value)}
          />
        ) : (
          <TextInput
            key={mark.name}
            {...common}
            maxLength={mark.type === "Text" ? PAYLOAD_TEXT_MAX : undefined}
            onChange={(event) => onChange(mark.name, event.currentTarget.value)}
          />
        );
      })}
    </Stack>
  );
}
