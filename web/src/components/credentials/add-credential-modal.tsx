import { messages } from "@hirestream/contracts/messages.ts";
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { z } from "zod";

export type NewCredential =
  | { provider_type: "local"; name: string; email: string }
  | {
      provider_type: "smtp";
      name: string;
      email: string;
      smtp: { host: string; port: number; secure: boolean; username: string; password: string };
    };

interface Fields {
  type: "smtp" | "local";
  name: string;
  email: string;
  host: string;
  port: number | string;
  secure: boolean;
  username: string;
  password: string;
}

type Errors = Partial<Record<keyof Fields, string>>;
const email = z.email();

function validate(fields: Fields): Errors {
  const errors: Errors = {};
  if (fields.name.trim() === "") errors.name = messages.required;
  if (!email.safeParse(fields.email.trim()).success) errors.email = messages.validEmail;
  if (fields.type === "smtp") {
    if (fields.host.trim() === "") errors.host = messages.required;
    if (typeof fields.port !== "number" || fields.port < 1 || fields.port > 65_535) errors.port = messages.required;
    if (fields.username.trim() === "") errors.username = messages.required;
    if (fields.password === "") errors.password = messages.required;
  }
  return errors;
}

/**
 * Add credential: an SMTP mailbox, or (when the server keeps one) the local development mailbox.
 * The password stays in this form's state and is sent once, over HTTPS to the API.
 */
export function AddCredentialModal({
  localOffered,
  onAdd,
  onClose,
}: {
  localOffered: boolean;
  onAdd: (credential: NewCredential) => Promise<boolean>;
  onClose: () => void;
}) {
  const [fields, setFields] = useState<Fields>({
    type: "smtp",
    name: "",
    email: "",
    host: "",
    port: 587,
    secure: false,
    username: "",
    password: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const submit = async () => {
    const found = validate(fields);
    setErrors(found);
    if (Object.values(found).some((each) => each !== undefined)) return;
    const base = { name: fields.name.trim(), email: fields.email.trim() };
    setSending(true);
    const added = await onAdd(
      fields.type === "local" || typeof fields.port !== "number"
        ? { provider_type: "local", ...base }
        : {
            provider_type: "smtp",
            ...base,
            smtp: {
              host: fields.host.trim(),
              port: fields.port,
              secure: fields.secure,
              username: fields.username.trim(),
              password: fields.password,
            },
          },
    );
    setSending(false);
    if (added) onClose();
  };
  return (
    <Modal opened onClose={onClose} title="Add credential" centered>
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Type"
          value={fields.type}
          onChange={(value) => set("type", value === "local" ? "local" : "smtp")}
          data={[
            { value: "smtp", label: "SMTP mailbox" },
            { value: "local", label: "Local mailbox", disabled: !localOffered },
          ]}
        />
        {fields.type === "local" && (
          <Text size="sm" c="dimmed">
            The development mailbox: what it sends is kept on this server and reaches no one.
          </Text>
        )}
        <TextInput
          label="Name"
          required
          value={fields.name}
          error={errors.name}
          onChange={(e) => set("name", e.currentTarget.value)}
        />
        <TextInput
          label="Email"
          required
          value={fields.email}
          error={errors.email}
          onChange={(e) => set("email", e.currentTarget.value)}
        />
        {fields.type === "smtp" && (
          <>
            <Group grow align="flex-start">
              <TextInput
                label="SMTP host"
                required
                value={fields.host}
                error={errors.host}
                onChange={(e) => set("host", e.currentTarget.value)}
              />
              <NumberInput
                label="Port"
                required
                min={1}
                max={65535}
                value={fields.port}
                error={errors.port}
                onChange={(value) => set("port", value)}
              />
            </Group>
            <Checkbox
              label="TLS from the start (port 465)"
              checked={fields.secure}
              onChange={(e) => set("secure", e.currentTarget.checked)}
            />
            <TextInput
              label="Username"
              required
              value={fields.username}
              error={errors.username}
              onChange={(e) => set("username", e.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              required
              autoComplete="new-password"
              value={fields.password}
              error={errors.password}
              onChange={(e) => set("password", e.currentTarget.value)}
            />
          </>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={sending} onClick={() => void submit()}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
