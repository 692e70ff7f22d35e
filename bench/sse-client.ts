/**
 * The benchmark's event-stream readers (bench/room.ts's viewers, bench/vote-board.ts's boards): plain node:http event streams parsed as EventSource
 * would, one socket each. Every chat event is reported with the moment its bytes reached this process,
 * taken before any parsing, so a thousand clients' parsing does not add to the latency measured.
 */
import http from 'node:http';

export interface SseClient {
  close(): void;
}

/** The time (performance.now()) and `body` of every chat event the stream delivers. */
export type OnChat = (body: string, receivedAt: number) => void;

/** Opens `url` and resolves once the response headers arrived with status 200. */
export function openSse(url: string, agent: http.Agent, onChat: OnChat): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url}: HTTP ${response.statusCode}`));
        return;
      }
      onEvents(response, 'chat', (field, receivedAt) => {
        const data = field('data');
        if (data) onChat((JSON.parse(data) as { body: string }).body, receivedAt);
      });
      response.on('error', () => {});
      resolve({ close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

/** A field of one event block (`data`, `id` …), or undefined. */
export type EventField = (name: string) => string | undefined;

/**
 * Each `event: <name>` block of an event stream, with the moment its bytes reached this process
 * (performance.now(), taken before any parsing).
 */
export function onEvents(response: http.IncomingMessage, name: string, onEvent: (field: EventField, receivedAt: number) => void) {
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk: string) => {
    const receivedAt = performance.now();
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (!block.includes(`event: ${name}\n`)) continue;
      const lines = block.split('\n');
      onEvent((field) => lines.find((line) => line.startsWith(`${field}: `))?.slice(field.length + 2), receivedAt);
    }
  });
}
