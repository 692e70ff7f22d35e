/**
 * 「画像から読み取る」 on an ordinary 1× screenshot of a 受付票 (issue 29 §6): the ticket's QR code as the
 * portal or the mail shows it, scaled by the screen to a few pixels per module (nearest neighbour,
 * as `image-rendering: pixelated` draws it), on a page framed by a title bar and lines of text.
 */
import { createHmac } from 'node:crypto';
import QRCode from 'qrcode';
import { decodeTicketGrey, greyOf, type Grey } from './ticketImage';

/** A real ticket's shape: KR1.{id}.{43 characters of HMAC}. */
const ticketText = (id: number) => `KR1.${id}.${createHmac('sha256', 'desk').update(String(id)).digest('base64url')}`;

/**
 * A 1× screenshot of the ticket: `shown` px for the QR image of `size` modules plus `margin`
 * modules of quiet zone, on a white card under a grey bar, with dark lines of "text" below.
 */
function screenshot(
  text: string,
  { shown, margin, width = 375, height = 640 }: { shown: number; margin: number; width?: number; height?: number },
): Grey {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size + 2 * margin;
  const pixels = new Uint8ClampedArray(width * height).fill(255);
  const fill = (x0: number, y0: number, w: number, h: number, grey: number) => {
    for (let y = y0; y < y0 + h; y++) pixels.fill(grey, y * width + x0, y * width + x0 + w);
  };
  fill(0, 0, width, 40, 119);
  fill(24, 64, 180, 22, 30);
  const left = Math.round((width - shown) / 2);
  const top = 110;
  for (let y = 0; y < shown; y++) {
    for (let x = 0; x < shown; x++) {
      const mx = Math.floor(((x + 0.5) * modules) / shown) - margin;
      const my = Math.floor(((y + 0.5) * modules) / shown) - margin;
      const dark = mx >= 0 && my >= 0 && mx < qr.modules.size && my < qr.modules.size && qr.modules.get(my, mx);
      pixels[(top + y) * width + left + x] = dark ? 0 : 255;
    }
  }
  for (let line = 0; line < 3; line++) fill(24, top + shown + 24 + line * 30, 200 + line * 30, 16, 40);
  return { width, height, pixels };
}

describe('reading a 受付票 from an image', () => {
  it('reads ordinary 1× screenshots of the portal’s and the mail’s ticket', () => {
    // each of these was missed by the plain reader (HybridBinarizer, with or without TRY_HARDER or PURE_BARCODE)
    const cases = [
      // the portal's dialog: 320 px with a 2-module margin, drawn at 280 px (at 263 px on a 375 px phone)
      ...[31, 35, 40].map((id) => ({ id, shown: 280, margin: 2 })),
      ...[36, 41].map((id) => ({ id, shown: 263, margin: 2 })),
      // the mail's image: 240 px with 4 modules, shown smaller by a mail client
      { id: 50, shown: 130, margin: 4 },
    ];
    for (const { id, shown, margin } of cases) {
      expect(decodeTicketGrey(screenshot(ticketText(id), { shown, margin }))).toBe(ticketText(id));
    }
  });

  it('reads a tight crop of a transparent PNG (no quiet zone, light modules transparent) as the code on white paper', () => {
    const text = ticketText(7);
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const px = 4;
    const width = qr.modules.size * px;
    const data = new Uint8ClampedArray(width * width * 4);
    for (let y = 0; y < width; y++) {
      for (let x = 0; x < width; x++) {
        if (qr.modules.get(Math.floor(y / px), Math.floor(x / px))) data[(y * width + x) * 4 + 3] = 255;
      }
    }
    expect(decodeTicketGrey(greyOf({ width, height: width, data }))).toBe(text);
  });

  it('says so when the image holds no code', () => {
    const blank = { width: 200, height: 200, pixels: new Uint8ClampedArray(200 * 200).fill(255) };
    expect(() => decodeTicketGrey(blank)).toThrow('no QR code in the image');
  });
});
