/**
 * Business days for reminder mail (DESIGN.md §11.2): not Saturday, not Sunday, not a Japanese public
 * holiday (@holiday-jp/holiday_jp, which includes 振替休日 and 国民の休日) and not 12/29–1/3 (年末年始,
 * when chambers are closed). Reminders go out at 09:00 Asia/Tokyo.
 */
import holidayJp from '@holiday-jp/holiday_jp';
import { addDays, jstAt, jstDayOf } from '../conference-dates.ts';

/** Is `day` ('YYYY-MM-DD', a calendar day in Japan) a business day? */
export function isBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = day.slice(5);
  if (monthDay >= '12-29' || monthDay <= '01-03') return false;
  return !holidayJp.isHoliday(day);
}

/** The `n`th business day before `day` (n ≥ 1), `day` itself not counted. */
export function businessDayBefore(day: string, n: number): string {
  let current = day;
  for (let left = n; left > 0;) {
    current = addDays(current, -1);
    if (isBusinessDay(current)) left -= 1;
  }
  return current;
}

export interface ReminderTime {
  days_before: number;
  /** null: the moment would not be before the deadline, or has already passed at `now` */
  scheduled_for: Date | null;
}

/**
 * For each N of `reminderDays`: 09:00 Asia/Tokyo of the Nth business day before the deadline's
 * Tokyo day. Never after the deadline, never in the past (issue 13).
 */
export function reminderTimes(deadline: Date, reminderDays: number[], now: Date): ReminderTime[] {
  const deadlineDay = jstDayOf(deadline);
  return [...new Set(reminderDays)]
    .filter((n) => Number.isInteger(n) && n >= 1)
    .sort((a, b) => b - a)
    .map((n) => {
      const at = jstAt(businessDayBefore(deadlineDay, n), '09:00');
      const usable = at.getTime() < deadline.getTime() && at.getTime() > now.getTime();
      return { days_before: n, scheduled_for: usable ? at : null };
    });
}
