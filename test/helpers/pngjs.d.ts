/** The part of pngjs (the PNG codec qrcode itself depends on) the QR tests use to read an image. */
declare module 'pngjs' {
  interface DecodedPng {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel, row by row */
    data: Buffer;
  }
  const pngjs: { PNG: { sync: { read(buffer: Buffer): DecodedPng } } };
  export default pngjs;
}
