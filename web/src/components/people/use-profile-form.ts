import { useForm } from "@mantine/form";
import { useState } from "react";
import { draftOf, emailProblem } from "./person-form.ts";
import type { PersonListRow } from "./use-people.ts";

/** The Edit profile form, starting from the person as they are when it opens. */
export function useProfileForm(person: PersonListRow) {
  // Once per opening: the form keeps only its first initial values anyway.
  const [initialValues] = useState(() => draftOf(person));
  return useForm({
    initialValues,
    // 'Valid email is required' for any of the three addresses that is filled in.
    validate: { email: emailProblem, email_second: emailProblem, email_work: emailProblem },
  });
}

/** The form as its editors receive it. */
export type ProfileForm = ReturnType<typeof useProfileForm>;
