/**
 * The conference as an iCalendar file (issue 13), attached to invitation, reminder, change and
 * cancellation mail. One UID per conference and SEQUENCE from its version, so a calendar that
 * imported the invitation updates the same entry on a change and marks it cancelled on a cancel.
 * METHOD:PUBLISH: the file informs; answers go through the portal, not calendar replies.
 *
 * One rule for every text that reaches a line (issue 29): ical-generator's RFC 5545 TEXT escaping
 * (`\`, `;`, `,`, line breaks as `\n`) and its folding at 75 octets, which never splits a character.
 * Its `name` option alone writes NAME and X-WR-CALNAME unescaped (ical-generator 11), so a conference
 * name with a line break could add properties or a second event: the name gets the library's own
 * TEXT escape first, as SUMMARY does inside it.
 */
import ical, { ICalCalendarMethod, ICalEventStatus, escape } from 'ical-generator';

export interface IcsConference {
  id: number;
  cci_code: string;
  name: string;
  event_date: Date;
  end_at: Date | null;
  place: string | null;
  version: number;
}

export function conferenceIcs(
  c: IcsConference,
  opts: { domain: string; url: string; stamp: Date; cancelled: boolean; organizer: string },
): string {
  const calendar = ical({
    prodId: { company: 'Kaigi', product: 'kaigi', language: 'JA' },
    method: ICalCalendarMethod.PUBLISH,
    name: escape(c.name, false),
  });
  calendar.createEvent({
    id: `kaigi-conference-${c.id}.${c.cci_code.replace(/[^A-Za-z0-9-]/g, '')}@${opts.domain}`,
    sequence: c.version,
    stamp: opts.stamp,
    start: c.event_date,
    // no end time: an hour, so calendars show a block rather than a point
    end: c.end_at ?? new Date(c.event_date.getTime() + 3_600_000),
    summary: opts.cancelled ? `【中止】${c.name}` : c.name,
    location: c.place ?? undefined,
    description: `${opts.organizer}\n${opts.url}`,
    url: opts.url,
    status: opts.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
