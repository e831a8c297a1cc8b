import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { sendSequenceTest, TEST_VALUE_MAX, testSequenceBody, testValueErrors } from "./sequence-test.ts";
import { variablesInUse } from "./sequence-variables.ts";

/**
 * Test Sequence: a value for each variable the sequence uses, then every step goes to the
 * signed-in user's own address. Mount it to open it: each opening starts afresh.
 */
export function TestSequenceModal({ sequence, onClose }: { sequence: SequenceRow; onClose: () => void }) {
  const variables = variablesInUse(sequence.payload_fields);
  const form = useForm({
    initialValues: { values: variables.map(() => "") },
    validate: ({ values }) => testValueErrors(values),
  });
  const [sending, setSending] = useState(false);

  const send = async (values: readonly string[]) => {
    setSending(true);
    try {
      await sendSequenceTest(sequence.workspace_id, sequence.id, testSequenceBody(variables, values));
      showSuccessToast("Test sent");
      onClose();
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Test Sequence" centered>
      <form onSubmit={form.onSubmit(({ values }) => void send(values))} noValidate>
        <Stack gap="md">
          <Text>Emails will be sent only to your email address.</Text>
          {variables.map((variable, index) => {
            const field = {
              label: variable.name,
              withAsterisk: true,
              maxLength: TEST_VALUE_MAX,
              ...(index === 0 ? { "data-autofocus": true } : {}),
              ...form.getInputProps(`values.${index}`),
            };
            return variable.type === "Text area" ? (
              <Textarea key={variable.name} autosize minRows={3} {...field} />
            ) : (
              <TextInput key={variable.name} {...field} />
            );
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Test
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
