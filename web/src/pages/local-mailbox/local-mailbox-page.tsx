import type { LocalMailboxMessage } from "@hirestream/contracts/mailbox/local-mailbox.ts";
import { Button, Card, Grid, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { ListPager } from "../../components/list-pager.tsx";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { MailBody } from "../../components/mail/mail-body.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { PAGE_SIZE_DEFAULT } from "../../constants.ts";
import { listLocalMail, type MailPage } from "./local-mailbox-api.ts";
import { ReplyAsCandidateModal } from "./reply-as-candidate-modal.tsx";

const noun = { one: "message", many: "messages" };
const when = (iso: string) => new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

function MessageView({ message, onReply }: { message: LocalMailboxMessage; onReply: () => void }) {
  return (
    <Card withBorder component="section" aria-label="Message">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h4">
            {message.subject}
          </Title>
          <Button onClick={onReply}>Reply as candidate</Button>
        </Group>
        <Text size="sm">From {message.from}</Text>
        <Text size="sm">To {message.to}</Text>
        <Text size="xs" c="dimmed">
          {when(message.sent_at)} · {message.message_id}
        </Text>
        <MailBody html={message.html} title={`Body of ${message.subject}`} />
      </Stack>
    </Card>
  );
}

/**
 * /workspaces/{id}/local_mailbox: the development mailbox (API.md). What the `local` credentials of
 * the user's workspaces sent stays on the server; here it is read, and answered as the candidate.
 * Read from the API, not the replica: the mailbox is the server's, and not part of anyone's data.
 */
export function LocalMailboxPage({ workspaceId }: { workspaceId: string }) {
  const [search, setSearch] = useState("");
  const [searched] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [mail, setMail] = useState<MailPage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [replying, setReplying] = useState(false);

  useEffect(() => {
    let current = true;
    listLocalMail({ page, limit: pageSize, ...(searched ? { search_by: searched } : {}) }).then(
      (answer) => {
        if (!current) return;
        setMail(answer);
        setFailure(null);
      },
      (error: unknown) => current && setFailure(messagesOf(error).join(" ")),
    );
    return () => {
      current = false;
    };
  }, [page, pageSize, searched]);

  if (failure !== null && mail === null) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Local mailbox
        </Title>
        <Text c="red">{failure}</Text>
      </Stack>
    );
  }
  if (mail === null) return <LoadingScreen label="Loading the local mailbox" />;
  const shown = mail.messages.find((message) => message.id === selected);

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Local mailbox
        </Title>
        <RouterAnchor href={`/workspaces/${workspaceId}/integrations`} size="sm">
          Integrations
        </RouterAnchor>
      </Group>
      <Text c="dimmed" size="sm">
        Mail sent from local credentials stays on this server and reaches no one. Open a message to answer it as the
        candidate.
      </Text>
      <TextInput
        aria-label="Search messages"
        placeholder="Search by subject or address"
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <Grid gap="lg">
        <Grid.Col span={shown ? 6 : 12}>
          {mail.messages.length === 0 ? (
            <Text c="dimmed">{searched ? "No message matches this search" : "Nothing was sent yet"}</Text>
          ) : (
            <Table highlightOnHover aria-label="Sent messages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Sent</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mail.messages.map((message) => (
                  <Table.Tr
                    key={message.id}
                    onClick={() => setSelected(message.id)}
                    style={{ cursor: "pointer" }}
                    {...(message.id === selected ? { bg: "var(--mantine-color-blue-light)" } : {})}
                  >
                    <Table.Td>{message.to}</Table.Td>
                    <Table.Td>
                      <button
                        type="button"
                        onClick={() => setSelected(message.id)}
                        style={{ all: "unset", cursor: "pointer" }}
                      >
                        {message.subject || "(no subject)"}
                      </button>
                    </Table.Td>
                    <Table.Td>{when(message.sent_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <ListPager
            page={{ total: mail.total, page: mail.page, pages: mail.pages }}
            noun={noun}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </Grid.Col>
        {shown && (
          <Grid.Col span={6}>
            <MessageView message={shown} onReply={() => setReplying(true)} />
          </Grid.Col>
        )}
      </Grid>
      {replying && shown && <ReplyAsCandidateModal message={shown} onClose={() => setReplying(false)} />}
    </Stack>
  );
}
