/**
 * The one logger of a process (the API's, handed to Fastify, and the worker's): pino with an
 * error serializer that keeps bound query parameters out of the logs (DESIGN.md §10,
 * server/lib/redact-error.ts), and a request serializer that logs the query string's parameter
 * names but not their values (searches carry names, e-mails and phone numbers: `?keyword=山田`)
 * nor the signature of a room link.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import { redactedErrorSerializer } from '../lib/redact-error.ts';

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** `/v1/x?keyword=山田&page=2` → `/v1/x?keyword=…&page=…` */
function urlWithoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

/** A room link's path (issue 12) logs its ids, not its signature: the signature is the credential. */
const withoutLinkSignature = (url: string) => url.replace(/(\/room\/\d+\.\d+\.)[A-Za-z0-9_-]+/, '$1…');

const requestSerializer = (req: LoggedRequest) => ({
  method: req.method,
  url: withoutLinkSignature(urlWithoutQueryValues(req.url)),
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
