/**
 * Reading a 受付票 from an image (「画像から読み取る」, issue 29 §6). @zxing/library reads a phone photo
 * at once but misses many ordinary 1× screenshots: the code is a few pixels per module, scaled by
 * the screen (uneven modules) and framed by text. Each failure is specific to one size, so the image
 * is tried at several scales, with either binarizer, inside a white quiet zone: a 1× screenshot
 * then reads as a 3× one or a crop does. The pixels are worked in plain JavaScript (no canvas) so
 * that the browser and the tests run the same code; loaded only when an image is read (DESIGN §9).
 * decodeTicketFile is the browser's part: the file's pixels through a canvas.
 */
import {
  BinaryBitmap,
  DecodeHintType,
  GlobalHistogramBinarizer,
  HybridBinarizer,
  NotFoundException,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';

/** One grey value (0 black … 255 white) per pixel, row by row. */
export interface Grey {
  width: number;
  height: number;
  pixels: Uint8ClampedArray;
}

/** RGBA (a canvas's ImageData) to grey; a transparent pixel is the white paper under it. */
export const greyOf = ({ width, height, data }: { width: number; height: number; data: Uint8ClampedArray }): Grey => {
  const pixels = new Uint8ClampedArray(width * height);
  for (let j = 0, i = 0; j < pixels.length; j++, i += 4) {
    const alpha = data[i + 3] / 255;
    const grey = (306 * data[i] + 601 * data[i + 1] + 117 * data[i + 2]) >> 10;
    pixels[j] = grey * alpha + 255 * (1 - alpha);
  }
  return { width, height, pixels };
};

/** Bilinear resampling by `scale`, with `pad` white pixels around (the quiet zone a tight crop lacks). */
export function resample({ width, height, pixels }: Grey, scale: number, pad: number): Grey {
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const out = { width: w + 2 * pad, height: h + 2 * pad, pixels: new Uint8ClampedArray((w + 2 * pad) * (h + 2 * pad)).fill(255) };
  const at = (x: number, y: number) => pixels[y * width + x];
  for (let y = 0; y < h; y++) {
    const sy = Math.min(Math.max((y + 0.5) / scale - 0.5, 0), height - 1);
    const y0 = Math.floor(sy);
    const y1 = Math.min(y0 + 1, height - 1);
    const fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(Math.max((x + 0.5) / scale - 0.5, 0), width - 1);
      const x0 = Math.floor(sx);
      const x1 = Math.min(x0 + 1, width - 1);
      const fx = sx - x0;
      const top = at(x0, y0) * (1 - fx) + at(x1, y0) * fx;
      const bottom = at(x0, y1) * (1 - fx) + at(x1, y1) * fx;
      out.pixels[(y + pad) * out.width + x + pad] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

// the order tried: as it is, then the scales that read the screenshots the desk missed
const SCALES = [1, 0.75, 2, 0.5, 1.5, 3];
// larger than a phone's photo is only slower, never better
const MAX_SIDE = 4096;
const BINARIZERS = [HybridBinarizer, GlobalHistogramBinarizer];
const HARDER = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
// a clean generated code filling the image: zxing misses a few of those without this hint
const PURE = new Map<DecodeHintType, unknown>([[DecodeHintType.PURE_BARCODE, true]]);

const attempt = (grey: Grey, Binarizer: (typeof BINARIZERS)[number], hints: Map<DecodeHintType, unknown>) => {
  try {
    const source = new RGBLuminanceSource(grey.pixels, grey.width, grey.height);
    return new QRCodeReader().decode(new BinaryBitmap(new Binarizer(source)), hints).getText();
  } catch {
    return null;
  }
};

/** The text of the QR code in the image; throws NotFoundException when no attempt reads one. */
export function decodeTicketGrey(grey: Grey): string {
  const pure = attempt(grey, HybridBinarizer, PURE);
  if (pure !== null) return pure;
  for (const scale of SCALES) {
    if (Math.max(grey.width, grey.height) * scale > MAX_SIDE) continue;
    const scaled = resample(grey, scale, Math.round(Math.min(grey.width, grey.height) * scale * 0.05));
    for (const Binarizer of BINARIZERS) {
      const text = attempt(scaled, Binarizer, HARDER);
      if (text !== null) return text;
    }
  }
  throw new NotFoundException('no QR code in the image');
}

/** The QR code's text in an image file (a photo or a screenshot), in the browser. */
export async function decodeTicketFile(file: Blob): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(bitmap, 0, 0);
    return decodeTicketGrey(greyOf(context.getImageData(0, 0, bitmap.width, bitmap.height)));
  } finally {
    bitmap.close();
  }
}
