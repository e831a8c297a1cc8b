import { Affix, Button, Notification, Stack, Text } from "@mantine/core";
import { useSnapshot } from "valtio";
import { CHANGE_NOT_SAVED, type NoticeText, noticeText } from "../../replica/storage/storage-notice.ts";
import { storageNotices } from "../../replica/storage/storage-notice-state.ts";

const formatTime = (at: number) => new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

function Lines({ text }: { text: NoticeText }) {
  return (
    <Stack gap={4}>
      {text.lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Stays until closed (not a 9 s toast): the browser took the offline copy's space, what still
 * works, and what the app does about it.
 */
export function StorageNoticeView({ onRetry }: { onRetry: () => void }) {
  const { notice, changeNotSaved } = useSnapshot(storageNotices);
  if (!notice && !changeNotSaved) return null;
  const text = notice ? noticeText(notice, formatTime) : null;
  return (
    <Affix position={{ bottom: 20, left: 20 }} zIndex={400}>
      <Stack gap="xs" w={420} data-testid="storage-notice">
        {changeNotSaved && (
          <Notification
            color="red"
            title={CHANGE_NOT_SAVED.title}
            withBorder
            onClose={() => {
              storageNotices.changeNotSaved = false;
            }}
          >
            <Lines text={CHANGE_NOT_SAVED} />
          </Notification>
        )}
        {notice && text && (
          <Notification
            color={notice.phase === "done" ? "teal" : notice.cause === "quota" ? "orange" : "yellow"}
            title={text.title}
            role={notice.phase === "done" ? "status" : "alert"}
            loading={notice.phase === "refetching"}
            withBorder
            onClose={() => {
              storageNotices.notice = null;
            }}
          >
            <Lines text={text} />
            {notice.phase === "waiting" && (
              <Button mt="xs" size="xs" variant="light" onClick={onRetry}>
                Try again now
              </Button>
            )}
          </Notification>
        )}
      </Stack>
    </Affix>
  );
}
