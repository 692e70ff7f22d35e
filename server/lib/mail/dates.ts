/**
 * Dates in mail (issue 13): spec §9 formats in Asia/Tokyo with the weekday (spec §2 weekday
 * mapping, 日月火水木金土), e.g. 2026年12月20日（日） 14:00.
 */
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
});

interface TokyoParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  weekday: number;
}

const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function tokyoParts(at: Date): TokyoParts {
  const p: Record<string, string> = {};
  for (const part of parts.formatToParts(at)) p[part.type] = part.value;
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, weekday: EN_WEEKDAYS.indexOf(p.weekday) };
}

/** 2026年12月20日 (spec §9 YYYY年MM月DD日) */
export function jaDay(at: Date): string {
  const p = tokyoParts(at);
  return `${p.year}年${p.month}月${p.day}日`;
}

/** 2026年12月20日（日） */
export function jaDayWithWeekday(at: Date): string {
  return `${jaDay(at)}（${WEEKDAYS[tokyoParts(at).weekday]}）`;
}

/** 2026年12月20日（日） 14:00 */
export function jaDateTime(at: Date): string {
  const p = tokyoParts(at);
  return `${jaDayWithWeekday(at)} ${p.hour}:${p.minute}`;
}
