/**
 * The chamber code of the loaded session. The chamber-scoped paths (/v1/cci/{cci_code}/master/…)
 * need it, so their queries wait (`enabled`) until the session has loaded.
 */
import { useSession } from '../session/useSession';

export const useCciCode = (): string | null => {
  const session = useSession();
  return session.cciUser?.cci_code ?? null;
};
