/**
 * Node flags of a worker process (`npm run worker`, the cluster's workers, bench:import's job).
 * V8 grows the young generation up to 3 × 32 MB while the server's modules load and keeps it: a
 * worker would sit at ~260 MB RSS before its first job. A 16 MB semi-space keeps it near 165 MB, so
 * an 80 000-row import stays within DESIGN.md §9's 300 MB (bench/results/import.md), for a few
 * more minor collections. package.json's "worker" script passes the same flags (a unit test checks).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=16'] as const;
