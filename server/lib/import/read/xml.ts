/**
 * Streaming XML for the workbook's parts: saxes fed chunk by chunk, events handed to the caller
 * with namespace prefixes dropped (some writers spell <x:row>), and whatever the handlers queued
 * yielded after each chunk, so a sheet of any length is read in constant memory. A text run past
 * the cell limit is refused before the parser joins it (limits.ts).
 */
import { SaxesParser } from 'saxes';
import { ImportFileError } from './errors.ts';
import { boundedXmlRuns } from './limits.ts';
import { notXlsx } from './zip-guard.ts';

export interface XmlHandlers<T> {
  open?(name: string, attributes: Record<string, string>, out: T[]): void;
  text?(text: string): void;
  close?(name: string, out: T[]): void;
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

export async function* parseXml<T>(chunks: AsyncIterable<string>, handlers: XmlHandlers<T>): AsyncGenerator<T> {
  const out: T[] = [];
  const parser = new SaxesParser();
  const { open, text, close } = handlers;
  if (open) parser.on('opentag', (tag) => open(local(tag.name), tag.attributes as Record<string, string>, out));
  if (text) {
    parser.on('text', text);
    parser.on('cdata', text);
  }
  if (close) parser.on('closetag', (tag) => close(local(tag.name), out));
  for await (const chunk of boundedXmlRuns(chunks)) {
    try {
      parser.write(chunk);
    } catch (error) {
      throw error instanceof ImportFileError ? error : notXlsx();
    }
    yield* out.splice(0);
  }
  try {
    parser.close();
  } catch {
    throw notXlsx();
  }
  yield* out.splice(0);
}

/** all items of a small part (workbook, relationships, styles, shared strings) */
export async function collectXml<T>(chunks: AsyncIterable<string>, handlers: XmlHandlers<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of parseXml(chunks, handlers)) all.push(item);
  return all;
}
