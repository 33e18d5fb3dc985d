import { move, transferableSymbol, valueSymbol } from 'piscina';

/**
 * A worker's answer whose buffers move to the thread that asked (piscina's transfer protocol) instead of being
 * copied: that thread gets `value`, and the buffers are no longer usable on the worker.
 */
export function movable(value: object, buffers: ArrayBufferLike[]): object {
  return move({ [transferableSymbol]: buffers, [valueSymbol]: value } as unknown as Parameters<
    typeof move
  >[0]);
}
