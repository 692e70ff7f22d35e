import { QueryClient } from '@tanstack/react-query';

/**
 * react-query with its own retries off: the HTTP client already retries as spec §9 says (at most 3,
 * only some methods and statuses). react-query's default (3 more rounds, each repeating the spec's
 * retries) would multiply the attempts and keep a failed list on a spinner for ~10 s.
 */
export const createQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
