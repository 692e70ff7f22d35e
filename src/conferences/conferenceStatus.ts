/**
 * Conference statuses (DESIGN.md §4) and the transitions the server allows
 * (server/lib/conference-rules.ts NEXT_STATUSES — mirrored here for the buttons; the server stays
 * the judge and answers 422 invalid_status_transition for anything else).
 */
export const CONFERENCE_STATUSES = ['draft', 'published', 'closed', 'held', 'cancelled'] as const;
export type ConferenceStatus = (typeof CONFERENCE_STATUSES)[number];

/** A conference is created as a draft or published right away (server CREATABLE_STATUSES). */
export const CREATABLE_STATUSES = ['draft', 'published'] as const;

/** draft → published → closed → held; any state but held may be cancelled. */
export const NEXT_STATUSES: Readonly<Record<ConferenceStatus, readonly ConferenceStatus[]>> = {
  draft: ['published', 'cancelled'],
  published: ['closed', 'cancelled'],
  closed: ['held', 'cancelled'],
  held: [],
  cancelled: [],
};

export const isConferenceStatus = (value: unknown): value is ConferenceStatus =>
  typeof value === 'string' && (CONFERENCE_STATUSES as readonly string[]).includes(value);

export const nextStatuses = (status: unknown): readonly ConferenceStatus[] =>
  isConferenceStatus(status) ? NEXT_STATUSES[status] : [];

export const statusLabelKey = (status: string) => `kaigi.conferences.status.${status}`;

export const STATUS_COLORS: Readonly<Record<ConferenceStatus, 'default' | 'info' | 'warning' | 'success' | 'error'>> = {
  draft: 'default',
  published: 'info',
  closed: 'warning',
  held: 'success',
  cancelled: 'error',
};
