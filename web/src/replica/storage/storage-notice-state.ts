// What the user is told about the offline copy's storage (storage-guard.ts), for the lasting notice.
import { proxy } from "valtio";
import type { StorageNotice } from "./storage-notice.ts";

export interface StorageNoticeState {
  notice: StorageNotice | null;
  /** A change of the user's could not be stored for lack of space. */
  changeNotSaved: boolean;
}

export const storageNotices = proxy<StorageNoticeState>({ notice: null, changeNotSaved: false });

/** Another sign-in, or a sign-out: nothing said about the last replica holds for the next. */
export function clearStorageNotices(): void {
  storageNotices.notice = null;
  storageNotices.changeNotSaved = false;
}
