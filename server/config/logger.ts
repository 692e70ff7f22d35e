/**
 * The one logger of a process (the API's, handed to Fastify, and the worker's): pino with an
 * error serializer that keeps bound query parameters out of the logs (DESIGN.md §10,
 * server/lib/redact-error.ts).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { redactedErrorSerializer } from '../lib/redact-error.ts';

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, serializers: { err: redactedErrorSerializer, error: redactedErrorSerializer } };
  return destination ? pino(options, destination) : pino(options);
}
