import { PERSON_ABOUT_MAX, PERSON_FIELD_MAX } from "@hirestream/contracts/people/profile.ts";
import { Fieldset, SimpleGrid, Textarea, TextInput } from "@mantine/core";
import { fieldGroups, fieldLabels } from "./profile-fields.ts";
import type { ProfileForm } from "./use-profile-form.ts";

/** Name, Contact, Work, Links and About, each field with the contract's length limit. */
export function ProfileTextFields({ form }: { form: ProfileForm }) {
  return (
    <>
      {fieldGroups.map((group) =>
        group.fields.includes("about") ? (
          // A group of one long field: its own label says it all.
          <Textarea
            key={group.legend}
            label={fieldLabels.about}
            autosize
            minRows={3}
            maxRows={12}
            maxLength={PERSON_ABOUT_MAX}
            {...form.getInputProps("about")}
          />
        ) : (
          <Fieldset key={group.legend} legend={group.legend}>
            <SimpleGrid cols={2}>
              {group.fields.map((name) => (
                <TextInput
                  key={name}
                  label={fieldLabels[name]}
                  maxLength={PERSON_FIELD_MAX}
                  type={name.startsWith("email") ? "email" : "text"}
                  {...form.getInputProps(name)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ),
      )}
    </>
  );
}
