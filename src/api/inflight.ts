/**
 * Counter of in-flight fetches (spec §3 "a counter of in-flight fetches", §4 "a loading counter
 * tracks in-flight fetches"). Framework-free store; React reads it with useSyncExternalStore.
 */
type Listener = () => void;

let count = 0;
const listeners = new Set<Listener>();

const emit = () => listeners.forEach((listener) => listener());

export const inflight = {
  get: () => count,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  start() {
    count += 1;
    emit();
  },
  done() {
    count = Math.max(0, count - 1);
    emit();
  },
  /** Tests only. */
  reset() {
    count = 0;
    emit();
  },
};
