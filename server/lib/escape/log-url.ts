/**
 * The one rule for a request URL that reaches a log line or an error message (DESIGN.md §10,
 * issue 29): the query string keeps its parameter names, not their values (searches carry names,
 * e-mails and phone numbers: `?keyword=山田`), and a room link (`/room/{token}`, issue 12) keeps its
 * ids, not its signature — the signature is the credential. The token is read as the router reads
 * it, percent-decoded, so `34%2E4%2E<sig>` (the same link) loses its signature too; a segment that
 * is not a link's ids is dropped whole.
 */

/** `/v1/x?keyword=山田&page=2` → `/v1/x?keyword=…&page=…` */
function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const names = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=…`);
  return `${url.slice(0, at)}?${names.join('&')}`;
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** `/v1/room/34%2E4%2Eabc…/chat` → `/v1/room/34.4.…/chat` */
function withoutLinkSignature(path: string): string {
  return path.replace(/(\/room\/)([^/?#]+)/gi, (_all, room: string, segment: string) => {
    const ids = /^(\d{1,10})\.(\d{1,10})\./.exec(decoded(segment));
    return `${room}${ids ? `${ids[1]}.${ids[2]}.` : ''}…`;
  });
}

/** A request URL as logs and messages may show it. */
export const loggableUrl = (url: string): string => withoutLinkSignature(withoutQueryValues(url));

/** The path alone (no query at all), as a message may show it. */
export const loggablePath = (url: string): string => withoutLinkSignature(url.split('?')[0]);
