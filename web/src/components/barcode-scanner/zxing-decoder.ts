/**
 * The ZXing fallback decoder, its own lazy chunk (imported only by barcode-decoder.ts). It imports
 * the few readers it needs from their own modules: the package's index would bring PDF417, Aztec,
 * Data Matrix and the writers too.
 */
import { HTMLCanvasElementLuminanceSource } from '@zxing/library/esm/browser/HTMLCanvasElementLuminanceSource';
import BarcodeFormat from '@zxing/library/esm/core/BarcodeFormat';
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import DecodeHintType from '@zxing/library/esm/core/DecodeHintType';
import Code128Reader from '@zxing/library/esm/core/oned/Code128Reader';
import MultiFormatUPCEANReader from '@zxing/library/esm/core/oned/MultiFormatUPCEANReader';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import type { TBarcodeDecoder } from './barcode-decoder';

/** Frames are scaled down to this many pixels on their long side: enough for a barcode, light on CPU. */
const MAX_SIDE = 800;

export function createZxingDecoder(): TBarcodeDecoder {
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
  ]);
  // No TRY_HARDER: it rotates every frame onto a new canvas, slow on cheap phones; the aiming frame
  // asks for the barcode held level.
  // Shop goods carry EAN/UPC, so that reader goes first.
  const readers = [new MultiFormatUPCEANReader(hints), new Code128Reader(), new QRCodeReader()];
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
      const bitmap = new BinaryBitmap(new HybridBinarizer(new HTMLCanvasElementLuminanceSource(canvas)));
      for (const reader of readers) {
        try {
          const text = reader.decode(bitmap, hints).getText();
          if (text) return text;
        } catch {
          // NotFound, Checksum and Format exceptions: this reader found nothing readable.
        } finally {
          reader.reset();
        }
      }
      return null;
    },
  };
}
