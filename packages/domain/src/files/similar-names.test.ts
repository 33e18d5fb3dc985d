import { describe, expect, it } from 'vitest';
import { fileNameStem } from './similar-names.ts';

describe('fileNameStem', () => {
  it.each([
    ['Invoice_March.pdf', 'invoice march'],
    ['invoice march (1).PDF', 'invoice march'],
    ['Invoice March - Copy.jpg', 'invoice march'],
    ['invoice-march copy 2.png', 'invoice march'],
    ['invoice march (2) (1).jpeg', 'invoice march'],
    ['C:\\Users\\Ada\\Desktop\\Invoice March.pdf', 'invoice march'],
    ['receipts/invoice.march.pdf', 'invoice march'],
  ])('%s → %s', (name, stem) => expect(fileNameStem(name)).toBe(stem));

  it('keeps what tells two invoices apart: numbers and words that are not copy marks', () => {
    expect(fileNameStem('INV-1024.pdf')).toBe('inv 1024');
    expect(fileNameStem('INV-1025.pdf')).not.toBe(fileNameStem('INV-1024.pdf'));
    expect(fileNameStem('copyright notice.pdf')).toBe('copyright notice');
    expect(fileNameStem('photocopy.pdf')).toBe('photocopy');
  });
});
