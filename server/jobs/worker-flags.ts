/**
 * Node flags of a worker process (`npm run worker`, the cluster's workers, bench:import's job).
 * - V8 grows the young generation up to 3 × 32 MB while the server's modules load and keeps it: a
 *   worker would sit at ~260 MB RSS before its first job. A 16 MB semi-space keeps it near 165 MB.
 * - An import's batches live across a database round trip, so they reach the old generation, and
 *   V8 lets the old generation grow to several times what survived its last collection before it
 *   collects again: an 80 000-row import peaked at ~285 MB RSS, 170 MB of it heap, most of it
 *   dead. Growing by at most 50 % collects sooner: ~190 MB peak, 75 MB of heap, within DESIGN.md
 *   §9's 300 MB, for ~0.5 s more CPU per 80 000 rows (20 % saved 10 MB more for twice the CPU;
 *   bench/results/import.md).
 * package.json's "worker" script passes the same flags (a unit test checks).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'] as const;
