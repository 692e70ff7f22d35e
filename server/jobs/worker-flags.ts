/**
 * Node flags of a worker process (`npm run worker`, the cluster's workers, bench:import's job).
 * - V8 grows the young generation up to 3 × 32 MB while the server's modules load and keeps it: a
 *   worker would sit at ~260 MB RSS before its first job. A 16 MB semi-space keeps it near 165 MB.
 * - An import's batches live across a database round trip, so they reach the old generation, and
 *   V8 lets the old generation grow to several times what survived its last collection before it
 *   collects again: an 80 000-row import peaked at ~285 MB RSS, 170 MB of it heap, most of it
 *   dead. Growing by 20 % collects sooner: ~185 MB peak, 65 MB of heap, with the same rows/s
 *   (bench/results/import.md), within DESIGN.md §9's 300 MB.
 * package.json's "worker" script passes the same flags (a unit test checks).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=20'] as const;
