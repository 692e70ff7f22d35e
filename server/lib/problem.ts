/**
 * RFC 9457 problem details with a stable `code` the SPA translates (DESIGN.md §5).
 * Throw `new Problem(...)` (or use the helpers) anywhere; the error handler renders it.
 */
export interface ProblemField {
  field: string;
  code: string;
  message: string;
}

export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly errors: ProblemField[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = 'Problem';
  }
}

export const unauthorized = (detail = '認証が必要です。') => new Problem(401, 'unauthorized', detail);
export const forbidden = (detail = 'この操作を行う権限がありません。') => new Problem(403, 'forbidden', detail);
export const notFound = (detail = '指定されたリソースが見つかりません。') => new Problem(404, 'not_found', detail);
