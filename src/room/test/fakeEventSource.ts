/**
 * jsdom has no EventSource: a fake the room's hook opens instead (install() per test). A test
 * plays the server: open(), emit(kind, data, id), fail(); `instances` lists every stream opened.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Listener = (event: MessageEvent<string>) => void;

export class FakeEventSource {
  static instances: FakeEventSource[] = [];

  readonly url: string;
  readyState = 0;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  static install() {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  }

  /** The stream opened last. */
  static latest(): FakeEventSource {
    const last = FakeEventSource.instances.at(-1);
    if (!last) throw new Error('no EventSource was opened');
    return last;
  }

  addEventListener(kind: string, listener: Listener) {
    if (!this.listeners.has(kind)) this.listeners.set(kind, new Set());
    this.listeners.get(kind)?.add(listener);
  }

  removeEventListener(kind: string, listener: Listener) {
    this.listeners.get(kind)?.delete(listener);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  /** The query parameters the stream was opened with. */
  param(name: string) {
    return new URL(this.url).searchParams.get(name);
  }

  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.(new Event('open'));
    });
  }

  emit(kind: string, data: unknown, id: number) {
    const event = new MessageEvent<string>(kind, { data: JSON.stringify(data), lastEventId: String(id) });
    act(() => {
      for (const listener of this.listeners.get(kind) ?? []) listener(event);
    });
  }

  fail() {
    act(() => {
      this.onerror?.(new Event('error'));
    });
  }
}
