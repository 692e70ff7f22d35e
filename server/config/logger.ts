/**
 * The one logger of a process (the API's, handed to Fastify, and the worker's): pino with an
 * error serializer that keeps bound query parameters out of the logs (DESIGN.md §10,
 * server/lib/redact-error.ts), and a request serializer that logs the URL by the one rule for
 * logged URLs (server/lib/escape/log-url.ts: no query values, no room link signature).
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { loggableUrl } from '../lib/escape/log-url.ts';
import { redactedErrorSerializer } from '../lib/redact-error.ts';

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

const requestSerializer = (req: LoggedRequest) => ({
  method: req.method,
  url: loggableUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    serializers: { err: redactedErrorSerializer, error: redactedErrorSerializer, req: requestSerializer },
  };
  return destination ? pino(options, destination) : pino(options);
}
