/**
 * 受付票 in the receipt mail (issue 14): the reception ticket (server/lib/reception/ticket.ts) of each
 * invitee the receipt lists as 出席 or 代理出席, as a QR code PNG carried inline in the message
 * (Content-ID, shown by the HTML part next to that person's line).
 *
 * Signed when the message is rendered, in the mail worker, not when the outbox row is written: the
 * payload is stored in the database, and a ticket there would be a working check-in credential
 * copied into every row (and every backup) of the outbox. The worker loads the same key as the API
 * (`loadLinkSecret`: ROOM_LINK_SECRET, else the key kept in the database), so both sign alike.
 */
import QRCode from 'qrcode';
import { signTicket } from '../reception/ticket.ts';
import type { ReceiptPayload } from './payload.ts';

/** An image attached to the message and referenced from its HTML as `cid:{cid}`. */
export interface InlineImage {
  cid: string;
  filename: string;
  contentType: 'image/png';
  content: Buffer;
}

/** The conferences whose desk takes tickets (GET …/ticket answers for these too). */
const TICKET_STATUSES = new Set(['published', 'closed', 'held']);

const ATTENDING = new Set(['attend', 'proxy_attend']);

/** The PNG of a ticket: error correction M and a 4-module quiet zone, large enough for a phone camera. */
export const ticketPng = (ticket: string): Promise<Buffer> =>
  QRCode.toBuffer(ticket, { type: 'png', errorCorrectionLevel: 'M', margin: 4, width: 240 });

/**
 * The ticket image of each attending invitee of a receipt, by conference member id. None for a
 * payload written before receipts carried the ids, nor for a conference no longer open.
 */
export async function receiptTickets(
  payload: ReceiptPayload,
  conference: { status: string },
  secret: Buffer,
  domain: string,
): Promise<Map<number, InlineImage>> {
  const tickets = new Map<number, InlineImage>();
  if (!TICKET_STATUSES.has(conference.status)) return tickets;
  for (const answer of payload.answers ?? []) {
    const id = answer.conference_member_id;
    if (!id || !ATTENDING.has(answer.answer_content ?? '') || tickets.has(id)) continue;
    tickets.set(id, {
      cid: `ticket-${id}@${domain}`,
      filename: `uketsukehyo-${id}.png`,
      contentType: 'image/png',
      content: await ticketPng(signTicket(secret, id)),
    });
  }
  return tickets;
}
