/**
 * bench:api's report (bench/api.ts runs, this writes): each row the median of its rounds, taken in
 * turn (issue 37: "median of three rounds"), each round's API and floors measured one after another.
 */
import type { Scenario } from './api-scenarios.ts';
import type { LoadResult } from './sql-floor.ts';

/** A run with CPU ms per request: [its own process, PostgreSQL (null: not measurable)]. */
export type Measured = LoadResult & { cpu: [number, number | null] };

export interface Round {
  api: Measured;
  /** autocannon's CPU ms per request during the API run */
  client: number;
  /** 1-minute load average after the API run */
  load: number;
  floor: Measured;
  /** the HTTP floor (bench/http-sql-floor-server.ts) and autocannon's CPU ms per request beside it */
  http?: Measured & { client: number };
  naive?: Measured;
}

export interface Row {
  scenario: Scenario;
  rounds: Round[];
}

/** DESIGN.md §9: a list's req/s against its SQL floor */
export const LIST_RATIO = 0.75;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const med = (row: Row, of: (r: Round) => number) => median(row.rounds.map(of));
const f = (x: number, digits = 0) => x.toFixed(digits);
const cpu = (row: Row, of: (r: Round) => Measured | undefined) => {
  const postgres = row.rounds.map((r) => of(r)!.cpu[1]);
  const pg = postgres.every((x) => x !== null) ? f(median(postgres as number[]), 2) : '?';
  return `${f(
    med(row, (r) => of(r)!.cpu[0]),
    2,
  )} + ${pg}`;
};
const byRound = (row: Row, of: (r: Round) => number) => row.rounds.map((r) => f(of(r), 2)).join(' / ');

/** The median ratio and whether the row met DESIGN.md §9's budget (and issue 16's past-naive target). */
export function verdict(row: Row): { ratio: number; past: number | null; met: boolean } {
  const s = row.scenario;
  const ratio = med(row, (r) => r.api.rps / r.floor.rps);
  const past = s.naive ? med(row, (r) => r.api.rps / r.naive!.rps) : null;
  const met =
    med(row, (r) => r.api.p99) <= s.budgetP99Ms &&
    (s.kind !== 'list' || ratio >= LIST_RATIO) &&
    row.rounds.every((r) => r.api.errors === 0) &&
    (!s.naive?.past || past! >= s.naive.past);
  return { ratio, past, met };
}

export function mainLine(row: Row): string {
  const s = row.scenario;
  const { ratio, met } = verdict(row);
  const target = s.naive?.past;
  const budget = `≤ ${s.budgetP99Ms} ms${s.kind === 'list' ? `, ≥ ${LIST_RATIO}×` : ''}${target ? `, ≥ ${target}× naive` : ''}`;
  return (
    `| ${s.name} | ${f(med(row, (r) => r.api.rps))} | ${f(med(row, (r) => r.api.p50))} | ${f(med(row, (r) => r.api.p99))} | ` +
    `${row.rounds.reduce((n, r) => n + r.api.errors, 0)} | ${cpu(row, (r) => r.api)} | ${f(
      med(row, (r) => r.client),
      2,
    )} | ` +
    `${f(med(row, (r) => r.floor.rps))} | ${f(
      med(row, (r) => r.floor.p50),
      1,
    )} | ${f(
      med(row, (r) => r.floor.p99),
      1,
    )} | ` +
    `${cpu(row, (r) => r.floor)} | ${f(ratio, 2)} | ${byRound(row, (r) => r.api.rps / r.floor.rps)} | ` +
    `${byRound(row, (r) => r.load).replaceAll('.00', '')} | ${budget} | ${met ? 'met' : 'MISSED'} |`
  );
}

export function httpLine(row: Row): string {
  const http = (r: Round) => r.http!;
  return (
    `| ${row.scenario.name} | ${f(med(row, (r) => http(r).rps))} | ${f(med(row, (r) => http(r).p99))} | ${cpu(row, http)} | ` +
    `${f(
      med(row, (r) => http(r).client),
      2,
    )} | ${f(
      med(row, (r) => http(r).rps / r.floor.rps),
      2,
    )} | ` +
    `${f(
      med(row, (r) => r.api.rps / http(r).rps),
      2,
    )} | ${f(
      med(row, (r) => r.api.cpu[0] - http(r).cpu[0]),
      2,
    )} |`
  );
}

export function pastLine(row: Row): string {
  const s = row.scenario;
  const { past } = verdict(row);
  const target = s.naive!.past;
  const met = !target || past! >= target;
  return (
    `| ${s.name} | ${f(med(row, (r) => r.api.rps))} | ${f(med(row, (r) => r.api.p99))} | ${f(med(row, (r) => r.naive!.rps))} | ` +
    `${f(
      med(row, (r) => r.naive!.p99),
      1,
    )} | ${cpu(row, (r) => r.naive)} | ${f(past!, 2)} | ${target ? `≥ ${target}×` : '—'} | ${target ? (met ? 'met' : 'MISSED') : ''} |`
  );
}

export const MAIN_HEADER = [
  '| scenario | API req/s | API p50 ms | API p99 ms | API errors | API CPU ms/req | autocannon CPU ms/req | SQL req/s | SQL p50 ms | SQL p99 ms | SQL CPU ms/req | API/SQL | API/SQL by round | load by round | budget | |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

export const HTTP_HEADER = [
  '| scenario | HTTP floor req/s | HTTP floor p99 ms | HTTP floor CPU ms/req | autocannon CPU ms/req | HTTP floor/SQL | API/HTTP floor | API CPU − HTTP floor CPU, ms/req |',
  '|---|---|---|---|---|---|---|---|',
];

export const PAST_HEADER = [
  '| scenario | API req/s | API p99 ms | naive floor req/s | naive p99 ms | naive CPU ms/req | API/naive | target | |',
  '|---|---|---|---|---|---|---|---|---|',
];
