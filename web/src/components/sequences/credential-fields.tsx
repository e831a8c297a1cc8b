import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { Anchor, Group, Select, Text } from "@mantine/core";
import type { StepDraft } from "./sequence-draft.ts";
import { fromOptions, integrationsPath, withCredential } from "./step-credential.ts";

interface CredentialFieldsProps {
  workspaceId: string;
  step: StepDraft;
  credentials: readonly CredentialRow[];
  errors: { credential?: string | undefined; from?: string | undefined };
  readOnly: boolean;
  /** Off where a step may leave its credential for later (a project's template sequence). */
  required?: boolean;
  onChange: (step: StepDraft) => void;
  onBlur: (field: "provider_id" | "from") => void;
}

/** The step's credential (one of the workspace's) and its sender, the credential's email or an alias. */
export function CredentialFields({
  workspaceId,
  step,
  credentials,
  errors,
  readOnly,
  required = true,
  onChange,
  onBlur,
}: CredentialFieldsProps) {
  const credential = credentials.find((row) => row.id === step.provider_id);
  return (
    <>
      {credentials.length === 0 && (
        <Text size="sm" c="red">
          There are no Credentials associated to this Workspace, please add a{" "}
          <Anchor href={integrationsPath(workspaceId)} target="_blank" rel="noopener">
            New Credential
          </Anchor>
        </Text>
      )}
      <Group grow align="flex-start">
        <Select
          label="Credential"
          withAsterisk={required}
          readOnly={readOnly}
          data={credentials.map((row) => ({ value: row.id, label: `${row.name} (${row.email})` }))}
          value={credential ? credential.id : null}
          error={errors.credential}
          onChange={(id) =>
            onChange(
              withCredential(
                step,
                credentials.find((row) => row.id === id),
              ),
            )
          }
          onBlur={() => onBlur("provider_id")}
        />
        <Select
          label="From"
          withAsterisk={required}
          readOnly={readOnly}
          data={fromOptions(credential)}
          value={step.from}
          error={errors.from}
          onChange={(from) => onChange({ ...step, from })}
          onBlur={() => onBlur("from")}
        />
      </Group>
    </>
  );
}
