/**
 * Reads a barcode from a playing <video>. Uses the browser's own BarcodeDetector where it reads
 * every format we need (Chrome on Android, the phones our users carry: nothing to download), else
 * loads the ZXing decoder, a separate chunk fetched only when a camera scan starts.
 */

/** EAN-13, EAN-8, UPC-A, Code 128 and QR, in BarcodeDetector's names. */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'code_128', 'qr_code'] as const;

export type TBarcodeDecoder = {
  /** The text of a barcode in the current frame, or null when none is readable. */
  decode(video: HTMLVideoElement): Promise<string | null>;
};

type TNativeDetector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type TNativeDetectorClass = {
  new (options?: { formats?: string[] }): TNativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDecoder(): Promise<TBarcodeDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: TNativeDetectorClass }).BarcodeDetector;
  if (typeof Detector !== 'function') return null;
  try {
    const supported = await Detector.getSupportedFormats();
    if (!SCAN_FORMATS.every((format) => supported.includes(format))) return null;
    const detector = new Detector({ formats: [...SCAN_FORMATS] });
    return {
      decode: async (video) => {
        const [first] = await detector.detect(video);
        return first?.rawValue || null;
      },
    };
  } catch {
    return null;
  }
}

export async function loadBarcodeDecoder(): Promise<TBarcodeDecoder> {
  const native = await nativeDecoder();
  if (native) return native;
  const { createZxingDecoder } = await import('./zxing-decoder');
  return createZxingDecoder();
}
