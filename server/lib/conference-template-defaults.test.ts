import { describe, expect, it } from 'vitest';
import { resolveCreate, type TemplateDefaults } from './conference-template-defaults.ts';
import { addDays, jstDayOf, jstNextDayStart } from './conference-dates.ts';

const template: TemplateDefaults = {
  name: '通常議員総会',
  default_body: {
    place: '大ホール',
    start_time: '14:00',
    end_time: '16:00',
    answer_deadline_days_before: 7,
    description: 'ご案内',
    allow_delegate: true,
    sub_conferences: [{ name: '懇親会', start_offset_minutes: 150, duration_minutes: 120 }],
  },
};

describe('conference-dates (Asia/Tokyo, no DST)', () => {
  it('maps instants to JST days and back', () => {
    expect(jstDayOf(new Date('2031-06-30T15:00:00Z'))).toBe('2031-07-01');
    expect(jstNextDayStart('2031-12-31').toISOString()).toBe('2031-12-31T15:00:00.000Z');
    expect(addDays('2031-03-01', -1)).toBe('2031-02-28');
  });
});

describe('resolveCreate', () => {
  it('puts the template times on a bare event day and closes answers at the end of the day N days before', () => {
    const { parent, subs } = resolveCreate({ event_date: '2031-05-20' }, template, true);
    expect(parent).toMatchObject({ name: '通常議員総会', place: '大ホール', allow_delegate: true, description: 'ご案内' });
    expect(parent.event_date.toISOString()).toBe('2031-05-20T05:00:00.000Z');
    expect(parent.end_at?.toISOString()).toBe('2031-05-20T07:00:00.000Z');
    expect(parent.answer_deadline?.toISOString()).toBe('2031-05-13T14:59:59.000Z');
    expect(subs).toHaveLength(1);
    expect(subs[0].event_date.toISOString()).toBe('2031-05-20T07:30:00.000Z');
    expect(subs[0].end_at?.toISOString()).toBe('2031-05-20T09:30:00.000Z');
    expect(subs[0].place).toBe('大ホール');
  });

  it('keeps a "0 days before" deadline no later than the start', () => {
    const sameDay = { ...template, default_body: { ...template.default_body, answer_deadline_days_before: 0 } };
    const { parent } = resolveCreate({ event_date: '2031-05-20' }, sameDay, true);
    expect(parent.answer_deadline).toEqual(parent.event_date);
  });

  it('keeps explicit nulls and values over template defaults, and skips template children for a sub-conference', () => {
    const { parent, subs } = resolveCreate(
      { event_date: '2031-05-20T09:00:00+09:00', place: null, answer_deadline: null, allow_delegate: false, parent_id: 1 },
      template,
      false,
    );
    expect(parent).toMatchObject({ place: null, answer_deadline: null, allow_delegate: false, end_at: null });
    expect(subs).toEqual([]);
  });

  it('starts a bare day at 00:00 JST without a template and requires a name then', () => {
    const { parent } = resolveCreate({ name: '会議', event_date: '2031-05-20' }, null, true);
    expect(parent.event_date.toISOString()).toBe('2031-05-19T15:00:00.000Z');
    expect(() => resolveCreate({ event_date: '2031-05-20' }, null, true)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
