import { PERSON_FIELD_MAX, PERSON_LIST_MAX } from "@hirestream/contracts/people/profile.ts";
import { Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { emptyExperience, emptyJob } from "./person-form.ts";
import type { ProfileForm } from "./use-profile-form.ts";

function JobsEditor({ form, index }: { form: ProfileForm; index: number }) {
  const jobs = form.values.experience[index]?.jobs ?? [];
  const path = `experience.${index}.jobs`;
  return (
    <Stack gap="xs">
      {jobs.map((job, jobIndex) => (
        <Group key={job.key} align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Job title"
            maxLength={PERSON_FIELD_MAX}
            {...form.getInputProps(`${path}.${jobIndex}.title`)}
          />
          <TextInput
            label="Job period"
            maxLength={PERSON_FIELD_MAX}
            {...form.getInputProps(`${path}.${jobIndex}.period`)}
          />
          <TextInput
            label="Job description"
            style={{ flex: 1 }}
            maxLength={PERSON_FIELD_MAX}
            {...form.getInputProps(`${path}.${jobIndex}.description`)}
          />
          <Button variant="subtle" color="red" onClick={() => form.removeListItem(path, jobIndex)}>
            Remove job
          </Button>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={jobs.length >= PERSON_LIST_MAX}
          onClick={() => form.insertListItem(path, emptyJob())}
        >
          Add job
        </Button>
      </Group>
    </Stack>
  );
}

/** Experience: company, title, location, period and the jobs held there; items added and removed freely. */
export function ExperienceEditor({ form }: { form: ProfileForm }) {
  const items = form.values.experience;
  return (
    <Fieldset legend="Experience">
      <Stack gap="md">
        {items.length === 0 && <Text c="dimmed">No experience yet.</Text>}
        {items.map((item, index) => (
          <Fieldset key={item.key} legend={`Experience ${index + 1}`} variant="filled">
            <Stack gap="sm">
              <SimpleGrid cols={2}>
                <TextInput
                  label="Company"
                  maxLength={PERSON_FIELD_MAX}
                  {...form.getInputProps(`experience.${index}.company`)}
                />
                <TextInput
                  label="Title"
                  maxLength={PERSON_FIELD_MAX}
                  {...form.getInputProps(`experience.${index}.title`)}
                />
                <TextInput
                  label="Location"
                  maxLength={PERSON_FIELD_MAX}
                  {...form.getInputProps(`experience.${index}.location`)}
                />
                <TextInput
                  label="Period"
                  maxLength={PERSON_FIELD_MAX}
                  {...form.getInputProps(`experience.${index}.period`)}
                />
              </SimpleGrid>
              <JobsEditor form={form} index={index} />
              <Group justify="flex-end">
                <Button variant="subtle" color="red" onClick={() => form.removeListItem("experience", index)}>
                  Remove experience {index + 1}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        ))}
        <Group>
          <Button
            variant="light"
            disabled={items.length >= PERSON_LIST_MAX}
            onClick={() => form.insertListItem("experience", emptyExperience())}
          >
            Add experience
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
