/** The ZXing fallback decoder (its own lazy chunk: imported only by barcode-decoder.ts). */
import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HTMLCanvasElementLuminanceSource,
  HybridBinarizer,
  MultiFormatReader,
} from '@zxing/library';
import type { TBarcodeDecoder } from './barcode-decoder';

/** Frames are scaled down to this many pixels on their long side: enough for a barcode, light on CPU. */
const MAX_SIDE = 800;

export function createZxingDecoder(): TBarcodeDecoder {
  const reader = new MultiFormatReader();
  const hints = new Map<DecodeHintType, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [
        BarcodeFormat.EAN_13,
        BarcodeFormat.EAN_8,
        BarcodeFormat.UPC_A,
        BarcodeFormat.CODE_128,
        BarcodeFormat.QR_CODE,
      ],
    ],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  reader.setHints(hints);
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });

  return {
    decode: async (video) => {
      const { videoWidth, videoHeight } = video;
      if (!context || !videoWidth || !videoHeight) return null;
      const scale = Math.min(1, MAX_SIDE / Math.max(videoWidth, videoHeight));
      canvas.width = Math.round(videoWidth * scale);
      canvas.height = Math.round(videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      try {
        const bitmap = new BinaryBitmap(new HybridBinarizer(new HTMLCanvasElementLuminanceSource(canvas)));
        return reader.decodeWithState(bitmap).getText() || null;
      } catch {
        // NotFound, Checksum and Format exceptions: nothing readable in this frame.
        return null;
      }
    },
  };
}
