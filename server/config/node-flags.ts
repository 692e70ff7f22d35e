/**
 * Node flags of the API and worker processes. Every way a process starts passes its set: the npm
 * scripts, the cluster (scripts/cluster/cluster.ts) and the benchmarks (bench/api-setup.ts,
 * bench/import.ts); a unit test checks the scripts and that Node accepts the flags.
 */

/**
 * API processes (`npm start`, `npm run start:api`, the cluster, bench:api and the soak).
 * V8's default young generation here is 3 × 32 MB. Under the soak's load (bench/results/soak-profile.md),
 * each scavenge of it paused the API's event loop for 15 ms at the median and up to 131 ms, once
 * every ~2.6 s, and every request in flight waited. A 4 MB semi-space scavenges every ~0.3 s for
 * 2 ms at the median and at most 25 ms, for about the same total GC time.
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=4'] as const;

/**
 * Worker processes (`npm run worker`, the cluster's workers, `npm start`'s jobs process, bench:import's job).
 * - V8 grows the young generation up to 3 × 32 MB while the server's modules load and keeps it: a
 *   worker would sit at ~260 MB RSS before its first job. A 16 MB semi-space keeps it near 165 MB.
 * - An import's batches live across a database round trip, so they reach the old generation, and
 *   V8 lets the old generation grow to several times what survived its last collection before it
 *   collects again: an 80 000-row import peaked at ~285 MB RSS, 170 MB of it heap, most of it
 *   dead. Growing by at most 50 % collects sooner: ~190 MB peak, 75 MB of heap, within DESIGN.md
 *   §9's 300 MB, for ~0.5 s more CPU per 80 000 rows (20 % saved 10 MB more for twice the CPU;
 *   bench/results/import.md).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'] as const;
