/**
 * What the user is told when the browser takes the offline copy's space away. `refetching`: a
 * fresh sync runs; `waiting`: space is still short and the next try is at `retryAt`; `done`: the
 * copy is whole again. `lostChanges` counts the changes waiting to be sent that went with an
 * evicted database (a quota recovery keeps every one).
 */
export interface StorageNotice {
  cause: "quota" | "evicted";
  phase: "refetching" | "waiting" | "done";
  retryAt: number | null;
  lostChanges: number;
}

export interface NoticeText {
  title: string;
  lines: string[];
}

const changes = (count: number) => (count === 1 ? "1 change" : `${count} changes`);

function quotaText(notice: StorageNotice, formatTime: (at: number) => string): NoticeText {
  const kept = "Changes waiting to be sent are kept and still go to the server.";
  switch (notice.phase) {
    case "refetching":
      return {
        title: "This browser ran out of space for the offline copy",
        lines: [
          "Hirestream could not store the latest data in this browser, so it cleared the offline copy and is fetching it again from the server.",
          kept,
          "Until the copy is complete, screens may miss recent data.",
        ],
      };
    case "waiting":
      return {
        title: "Still no space for the offline copy",
        lines: [
          "This browser still has no room to store Hirestream's data, so screens may miss recent data.",
          kept,
          `Hirestream tries again${notice.retryAt === null ? " later" : ` at ${formatTime(notice.retryAt)}`}. Freeing disk space on this device helps.`,
        ],
      };
    case "done":
      return {
        title: "The offline copy is complete again",
        lines: ["This browser had run out of space; Hirestream fetched its data again from the server."],
      };
  }
}

function evictedText(notice: StorageNotice): NoticeText {
  const lost =
    notice.lostChanges > 0
      ? [
          `${changes(notice.lostChanges)} waiting to be sent from this device ${notice.lostChanges === 1 ? "was" : "were"} deleted with it and will not be sent: check that your latest changes are on the server, and make again any that are missing.`,
        ]
      : [];
  if (notice.phase === "done") {
    return {
      title: "This device's offline copy was cleared and fetched again",
      lines: ["The browser deleted the data Hirestream keeps on this device; it is complete again.", ...lost],
    };
  }
  return {
    title: "This device's offline copy was cleared",
    lines: [
      "The browser deleted the data Hirestream keeps on this device. It is being fetched again from the server; until then, screens may miss data.",
      ...lost,
    ],
  };
}

/** The notice in words; `formatTime` renders the time of the next try. */
export function noticeText(notice: StorageNotice, formatTime: (at: number) => string): NoticeText {
  return notice.cause === "quota" ? quotaText(notice, formatTime) : evictedText(notice);
}

/** A user's change that could not be stored even after the offline copy made room. */
export const CHANGE_NOT_SAVED: NoticeText = {
  title: "Your change was not saved",
  lines: [
    "This browser has no space left to store it, so it was not kept and will not be sent. Free some disk space on this device, then make the change again.",
  ],
};
