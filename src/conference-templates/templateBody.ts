/**
 * The conference template body (the `ConferenceTemplateBody` component): the form's values → the
 * POST/PUT bodies, and the client-side checks that mirror the server's (schema + the cross-field
 * rules of server/lib/masters-template-body.ts). Every body field is optional on the server and
 * none is nullable, so empty inputs are left out rather than sent as null or ''.
 */
import { nfkc } from '../common/validators';
import { asDraft, ruleOf } from '../conferences/motions/ruleForm';
import type {
  ConferenceTemplateBody,
  ConferenceTemplateCreate,
  ConferenceTemplateUpdate,
  InviteeRule,
  MotionTemplate,
  PositionType,
  SubConferenceTemplate,
} from '../api/schema';

export const ANSWER_CHOICES = ['attend', 'absent', 'proxy_attend', 'delegate'] as const;
export type AnswerChoice = (typeof ANSWER_CHOICES)[number];

export type { InviteeRule, SubConferenceTemplate };
export type TemplateBody = ConferenceTemplateBody;

export const TIME_OF_DAY = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const MINUTES_PER_WEEK = 7 * 24 * 60;

/** What a new template starts with: the usual choices, a week to answer. */
export const TEMPLATE_DEFAULTS = {
  body: {
    answer_choices: ['attend', 'absent', 'proxy_attend'] as AnswerChoice[],
    allow_delegate: false,
    answer_deadline_days_before: 7,
    sub_conferences: [],
    invitee_rules: [],
    motions: [],
  },
};

type Values = Record<string, unknown>;

const text = (value: unknown): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

const integer = (value: unknown): number | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
};

/** Present keys only: the schema's optional fields refuse null. */
const compact = <T extends object>(object: T): T =>
  Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;

const inviteeRule = (value: unknown): InviteeRule => {
  const v = (value ?? {}) as Values;
  const names = Array.isArray(v.position_names)
    ? [...new Set(v.position_names.map(text).filter((name): name is string => name !== undefined))]
    : [];
  return compact({
    position_type: v.position_type as PositionType,
    department_name: text(v.department_name),
    position_names: names.length > 0 ? names : undefined,
  });
};

const subConference = (value: unknown): SubConferenceTemplate => {
  const v = (value ?? {}) as Values;
  return compact({
    name: text(v.name) ?? '',
    place: text(v.place),
    start_offset_minutes: integer(v.start_offset_minutes),
    duration_minutes: integer(v.duration_minutes),
    description: text(v.description),
    invitee_rules: Array.isArray(v.invitee_rules) && v.invitee_rules.length > 0 ? v.invitee_rules.map(inviteeRule) : undefined,
  });
};

/** A 議案 row: the rule typed as a draft (TemplateMotionInputs) goes as the server's rule. */
const motion = (value: unknown): MotionTemplate => {
  const v = (value ?? {}) as Values;
  return compact({
    number: text(v.number) ?? '',
    title: text(v.title) ?? '',
    body: text(v.body),
    rule: ruleOf(asDraft(v.rule)) ?? undefined,
  });
};

export const toTemplateBody = (value: unknown): TemplateBody => {
  const v = (value ?? {}) as Values;
  const choices = Array.isArray(v.answer_choices)
    ? ANSWER_CHOICES.filter((choice) => (v.answer_choices as unknown[]).includes(choice))
    : undefined;
  return compact({
    place: text(v.place),
    start_time: text(v.start_time),
    end_time: text(v.end_time),
    answer_deadline_days_before: integer(v.answer_deadline_days_before),
    description: text(v.description),
    answer_choices: choices && choices.length > 0 ? choices : undefined,
    // the server wants allow_delegate exactly when 委任状 is a choice
    allow_delegate: choices ? choices.includes('delegate') : v.allow_delegate === true,
    sub_conferences: Array.isArray(v.sub_conferences) ? v.sub_conferences.map(subConference) : [],
    invitee_rules: Array.isArray(v.invitee_rules) ? v.invitee_rules.map(inviteeRule) : [],
    motions: Array.isArray(v.motions) ? v.motions.map(motion) : [],
  });
};

/** POST body (create). Codes are NFKC-normalised like the server does. */
export const toTemplateCreate = (data: Values): ConferenceTemplateCreate => ({
  conference_template_code: nfkc(data.conference_template_code),
  name: text(data.name) ?? '',
  body: toTemplateBody(data.body),
});

/** PUT body (update): the whole body replaces the stored one, with the version read. */
export const toTemplateUpdate = (data: Values, options: { previousData?: Values } = {}): ConferenceTemplateUpdate => ({
  version: Number(data.version ?? options.previousData?.version),
  ...toTemplateCreate(data),
});

// ----- client-side validation (translation keys) -----

const get = (values: Values, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as Values | undefined)?.[key], values);

export const timeOfDay = (value: unknown) =>
  value === null || value === undefined || value === '' || (typeof value === 'string' && TIME_OF_DAY.test(value))
    ? undefined
    : 'kaigi.conference_templates.validation.time';

export const endAfterStart = (value: unknown, values: Values) => {
  const start = get(values, 'body.start_time');
  return typeof value === 'string' &&
    TIME_OF_DAY.test(value) &&
    typeof start === 'string' &&
    TIME_OF_DAY.test(start) &&
    value <= start
    ? 'kaigi.conference_templates.validation.end_after_start'
    : undefined;
};

export const wholeNumber = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isInteger(Number(value))
    ? undefined
    : 'kaigi.conference_templates.validation.integer';

export const someAnswerChoice = (value: unknown) =>
  Array.isArray(value) && value.length > 0 ? undefined : 'kaigi.conference_templates.validation.answer_choices_required';
