import { PERSON_ABOUT_MAX, PERSON_FIELD_MAX, PERSON_LIST_MAX } from "@hirestream/contracts/people/profile.ts";
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { emptyEducation } from "./person-form.ts";
import type { ProfileForm } from "./use-profile-form.ts";

/** Education: title, period and description; items added and removed freely. */
export function EducationEditor({ form }: { form: ProfileForm }) {
  const items = form.values.education;
  return (
    <Fieldset legend="Education">
      <Stack gap="md">
        {items.length === 0 && <Text c="dimmed">No education yet.</Text>}
        {items.map((item, index) => (
          <Fieldset key={item.key} legend={`Education ${index + 1}`} variant="filled">
            <Stack gap="sm">
              <SimpleGrid cols={2}>
                <TextInput
                  label="Title"
                  maxLength={PERSON_FIELD_MAX}
                  {...form.getInputProps(`education.${index}.title`)}
                />
                <TextInput
                  label="Period"
                  maxLength={PERSON_FIELD_MAX}
                  {...form.getInputProps(`education.${index}.period`)}
                />
              </SimpleGrid>
              <Textarea
                label="Description"
                autosize
                minRows={2}
                maxLength={PERSON_ABOUT_MAX}
                {...form.getInputProps(`education.${index}.description`)}
              />
              <Group justify="flex-end">
                <Button variant="subtle" color="red" onClick={() => form.removeListItem("education", index)}>
                  Remove education {index + 1}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        <Group>
          <Button
            variant="light"
            disabled={items.length >= PERSON_LIST_MAX}
            onClick={() => form.insertListItem("education", emptyEducation())}
          >
            Add education
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
