/**
 * Reads a QR code PNG back to its text, as a phone at the reception desk would: pngjs (qrcode's own
 * PNG codec) for the pixels, @zxing/library (the decoder the desk's scanner is built on) for the code.
 */
import pngjs from 'pngjs';
import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';

export function decodeQrPng(png: Buffer): string {
  const { width, height, data } = pngjs.PNG.sync.read(png);
  const luminances = new Uint8ClampedArray(width * height);
  for (let i = 0; i < luminances.length; i++) {
    const [r, g, b, a] = data.subarray(i * 4, i * 4 + 4);
    // transparent pixels read as the white paper under them
    luminances[i] = Math.round(((r + 2 * g + b) / 4) * (a / 255) + 255 * (1 - a / 255));
  }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminances, width, height)));
  // a rendered image, not a photo: read it square-on (zxing's finder-pattern search misreads some
  // clean, large-module images that it reads as a pure barcode)
  const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.PURE_BARCODE, true]]);
  return new QRCodeReader().decode(bitmap, hints).getText();
}
