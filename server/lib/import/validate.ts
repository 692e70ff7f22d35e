/**
 * One row of an import checked by the forms' own code (DESIGN.md §11.4, issue 17): the body
 * normalisers every write request goes through (lib/normalize-body.ts via inspectInput), then the
 * route's TypeBox schema compiled by the app's own validator compiler (lib/request-validation.ts,
 * '' → null included). Only the messages differ: a sheet names its column, in Japanese.
 */
import type { TSchema } from 'typebox';
import { inspectInput } from '../inspect-input.ts';
import { BODY_FIELD_NORMALIZERS } from '../normalize-body.ts';
import { requestValidatorCompiler } from '../request-validation.ts';
import { PATTERN_MESSAGES } from '../../schemas/typed-text.ts';
import type { ImportRowError } from '../../db/schema.ts';
import { importMessages as m } from './messages.ts';

type AjvError = { keyword: string; instancePath?: string; params?: Record<string, unknown>; message?: string };
type Validate = ((data: unknown) => boolean | { value: unknown }) & { errors?: AjvError[] | null };

/** A body validator as the routes get it. */
export function bodyValidator(schema: TSchema): Validate {
  const compile = requestValidatorCompiler();
  return compile({ schema, httpPart: 'body', method: 'POST', url: '/v1/import' } as never) as unknown as Validate;
}

/** Which error of a field to show: what the user can fix, before the union's bookkeeping. */
const RANK: Record<string, number> = { required: 0, minLength: 1, format: 2, pattern: 3, maxLength: 4, minimum: 5, maximum: 5, enum: 6 };

function messageOf(e: AjvError, label: string): string {
  const p = e.params ?? {};
  switch (e.keyword) {
    case 'required':
    case 'minLength':
      return m.required(label);
    case 'maxLength':
      return m.tooLong(label, Number(p.limit));
    case 'format':
      return p.format === 'email' ? m.email() : m.format(label);
    case 'pattern':
      return PATTERN_MESSAGES.get(String(p.pattern)) ?? m.format(label);
    case 'minimum':
    case 'maximum':
      return m.range(label);
    case 'enum':
      return m.choice(label);
    default:
      return m.format(label);
  }
}

/**
 * Normalises `body` in place and validates it. `labels` maps a body path ('attributes.email',
 * 'name') to the sheet's header. Returns the validated value (nulls for emptied cells) or the errors.
 */
export function checkRow(
  validate: Validate,
  body: Record<string, unknown>,
  row: number,
  labels: Readonly<Record<string, string>>,
): { ok: true; value: Record<string, unknown> } | { ok: false; errors: ImportRowError[] } {
  const fault = inspectInput(body, 'body', BODY_FIELD_NORMALIZERS);
  if (fault) {
    const column = labels[fault.field.replace(/^body\./, '')] ?? null;
    return { ok: false, errors: [{ row, column, code: 'invalid_text', message: m.invalidText(column ?? '') }] };
  }
  const result = validate(body);
  if (result !== false) return { ok: true, value: (typeof result === 'object' ? result.value : body) as Record<string, unknown> };
  // one error per field: the most telling one
  const byField = new Map<string, AjvError>();
  for (const e of validate.errors ?? []) {
    const extra = (e.params?.missingProperty as string | undefined) ?? '';
    const field = [(e.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.'), extra].filter(Boolean).join('.');
    const known = byField.get(field);
    if (!known || (RANK[e.keyword] ?? 9) < (RANK[known.keyword] ?? 9)) byField.set(field, e);
  }
  const errors = [...byField].map(([field, e]) => {
    const column = labels[field] ?? null;
    return { row, column, code: e.keyword, message: messageOf(e, column ?? field) };
  });
  return { ok: false, errors };
}
