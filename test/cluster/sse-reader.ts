/**
 * An event-stream reader that behaves like the browser's EventSource (HTML spec, "server-sent
 * events"): when the stream ends or breaks it waits the server's `retry:` delay and connects again
 * with Last-Event-ID set to the last id it received. For the fault test (issue 16): streams through
 * nginx whose API process is killed must resume and miss nothing.
 */
export interface StreamEvent {
  id: number;
  event: string;
  data: Record<string, unknown>;
}

export class ResumingStream {
  readonly events: StreamEvent[] = [];
  /** connections after the first */
  reconnects = 0;
  private lastId: number | null;
  private retryMs = 2_000;
  private readonly controller = new AbortController();
  private readonly done: Promise<void>;

  /** `lastEventId`: resume after this event (the room's newest when the reader starts) */
  constructor(
    private readonly url: string,
    private readonly headers: Record<string, string>,
    lastEventId: number,
  ) {
    this.lastId = lastEventId;
    this.done = this.run();
  }

  async close(): Promise<void> {
    this.controller.abort();
    await this.done;
  }

  private async run(): Promise<void> {
    for (let first = true; !this.controller.signal.aborted; first = false) {
      if (!first) {
        this.reconnects++;
        await new Promise((resolve) => setTimeout(resolve, this.retryMs));
      }
      try {
        await this.readOnce();
      } catch {
        // dropped (the process behind nginx died) or refused: EventSource tries again
      }
    }
  }

  private async readOnce(): Promise<void> {
    const headers = {
      ...this.headers,
      accept: 'text/event-stream',
      ...(this.lastId !== null ? { 'last-event-id': String(this.lastId) } : {}),
    };
    const response = await fetch(this.url, { headers, signal: this.controller.signal });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return;
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        this.dispatch(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
      }
    }
  }

  private dispatch(block: string): void {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const at = line.indexOf(':');
      if (at > 0) fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
    }
    if (fields.retry && /^\d+$/.test(fields.retry)) this.retryMs = Number(fields.retry);
    if (fields.id !== undefined) this.lastId = Number(fields.id);
    if (fields.data !== undefined && fields.id !== undefined) {
      this.events.push({ id: Number(fields.id), event: fields.event ?? 'message', data: JSON.parse(fields.data) });
    }
  }
}
