import { isPublicHoliday } from "./public-holidays.ts";
import type { WallClock } from "./wall-clock.ts";
import { type WorkdayHourLabel, workdayWindow } from "./workday-hour.ts";

/** When a step may go out: a sequence's calendar and a step's workday hours. */
export type SendRules = {
  /** IANA zone whose wall clock the window, weekends and holidays are read on. */
  timeZone: string;
  workdayStart: WorkdayHourLabel;
  workdayEnd: WorkdayHourLabel;
  allowSendWeekend: boolean;
  allowSendHoliday: boolean;
  /** ISO 3166-1 alpha-2 country whose public holidays are skipped. */
  holidayCountry: string;
};

/** The rules as the scheduler tests them against a wall clock. */
export type SendCalendar = {
  startHour: number;
  endHour: number;
  allowsDate: (clock: WallClock) => boolean;
};

export function sendCalendarOf(rules: SendRules): SendCalendar {
  const { startHour, endHour } = workdayWindow(rules.workdayStart, rules.workdayEnd);
  return {
    startHour,
    endHour,
    allowsDate: (clock) =>
      (rules.allowSendWeekend || (clock.weekday !== 0 && clock.weekday !== 6)) &&
      (rules.allowSendHoliday || !isPublicHoliday(rules.holidayCountry, clock.date)),
  };
}

/** Whether a step may go out at the instant this wall clock shows. */
export function isSendAllowed(calendar: SendCalendar, clock: WallClock): boolean {
  return clock.hour >= calendar.startHour && clock.hour < calendar.endHour && calendar.allowsDate(clock);
}
