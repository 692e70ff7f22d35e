import { notFound } from '../../lib/problem.ts';
import type { SessionUser } from '../../schemas/session.ts';

/** The caller's company id; a company admin without one sees nothing (404, DESIGN.md §6). */
export function companyOf(user: SessionUser): number {
  if (user.companyId === null) throw notFound();
  return user.companyId;
}
