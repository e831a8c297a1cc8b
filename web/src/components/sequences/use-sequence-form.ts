// The state of one opening of the sequence form: the draft, the errors shown, the tab and the confirmation.
import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { dequal } from "dequal";
import { useMemo, useState } from "react";
import { newId } from "../../ids/new-id.ts";
import { draftOfSequence, newSequenceDraft, type SequenceDraft, type StepDraft } from "./sequence-draft.ts";
import { confirmingAfter, type FormMode, type SequenceTab, tabOfValue, tabValue } from "./sequence-tabs.ts";
import { type FormErrors, tabErrors, validateSequenceDraft } from "./sequence-validation.ts";

function initialDraft(mode: FormMode, sequence: SequenceRow | undefined, credentials: readonly CredentialRow[]) {
  if (mode === "create" || !sequence) return newSequenceDraft(newId);
  return draftOfSequence(
    sequence,
    (id) => credentials.find((credential) => credential.id === id)?.provider_type ?? null,
  );
}

/** `fieldsRequired` off: credential and sender may be left for later (spec §5, project template creation). */
export function useSequenceForm(
  mode: FormMode,
  sequence: SequenceRow | undefined,
  credentials: readonly CredentialRow[],
  fieldsRequired = true,
) {
  const [initial, setInitial] = useState(() => initialDraft(mode, sequence, credentials));
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  // A saved sequence shows what is wrong at once (a credential removed since, spec §4).
  const [showAll, setShowAll] = useState(mode !== "create");
  const [tab, setTab] = useState<SequenceTab>({ kind: "info" });
  const [confirming, setConfirming] = useState(false);
  const credentialIds = useMemo(() => new Set(credentials.map((credential) => credential.id)), [credentials]);
  const errors = useMemo(
    () => validateSequenceDraft(draft, credentialIds, fieldsRequired),
    [draft, credentialIds, fieldsRequired],
  );
  const shown = useMemo(() => shownErrors(errors, showAll ? null : touched), [errors, showAll, touched]);
  return {
    mode,
    fieldsRequired,
    draft,
    /** Every error of the draft: what enables + Step and Save. */
    errors,
    allTabErrors: tabErrors(errors, draft.steps.length),
    /** Errors of the fields left (or of all, once Finish or Save was tried): what the screen shows. */
    shown,
    shownTabErrors: tabErrors(shown, draft.steps.length),
    changed: !dequal(draft, initial),
    tab,
    confirming,
    set<K extends keyof SequenceDraft>(key: K, value: SequenceDraft[K]) {
      setDraft((current) => ({ ...current, [key]: value }));
    },
    setStep(index: number, change: (step: StepDraft) => StepDraft) {
      setDraft((current) => ({
        ...current,
        steps: current.steps.map((step, at) => (at === index ? change(step) : step)),
      }));
    },
    touch(path: string) {
      setTouched((current) => (current.has(path) ? current : new Set([...current, path])));
    },
    showAllErrors() {
      setShowAll(true);
    },
    goTo(next: SequenceTab) {
      setConfirming((current) => confirmingAfter(tab, next, current));
      setTab(next);
    },
    goToValue(value: string | null) {
      const next = tabOfValue(value);
      setConfirming((current) => confirmingAfter(tab, next, current));
      setTab(next);
    },
    confirm() {
      setConfirming(true);
      setTab({ kind: "finish" });
    },
    /** Starts afresh from `next` (a project's template sequence, loaded when its workflow is chosen). */
    load(next: SequenceDraft) {
      setInitial(next);
      setDraft(next);
      setTouched(new Set());
      setConfirming(false);
      setTab({ kind: "info" });
    },
    /** Spec §4: Confirm submits and resets the form. */
    reset() {
      const fresh = initialDraft(mode, sequence, credentials);
      setInitial(fresh);
      setDraft(fresh);
      setTouched(new Set());
      setShowAll(mode !== "create");
      setConfirming(false);
      setTab({ kind: "info" });
    },
    tabValue: tabValue(tab),
  };
}

export type SequenceForm = ReturnType<typeof useSequenceForm>;

function shownErrors(errors: FormErrors, touched: ReadonlySet<string> | null): FormErrors {
  if (touched === null) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => touched.has(path)));
}
