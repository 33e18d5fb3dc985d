import { describe, expect, it } from 'vitest';
import { businessNameKey } from './business-name.ts';

describe('businessNameKey', () => {
  it('reads look-alike names as the same name', () => {
    const key = businessNameKey('Mama Ngozi Stores');
    for (const lookAlike of [
      'mama ngozi stores',
      '  Mama   Ngozi\tStores ',
      'Mama\u00A0Ngozi\u202FStores',
      'Mama Ngo\u200Bzi Stores\uFEFF',
      'M\u0430m\u0430 Ng\u043Ezi St\u043Er\u0435s',
      '\uFF2D\uFF41\uFF4D\uFF41 Ngozi Stores',
      'ΜΑΜΑ ΝGΟΖΙ STORES',
    ]) {
      expect(businessNameKey(lookAlike), lookAlike).toBe(key);
    }
  });

  it('treats a decomposed accent as the composed one', () => {
    expect(businessNameKey('Cafe\u0301 Lagos')).toBe(businessNameKey('Caf\u00E9 Lagos'));
  });

  it('keeps names that differ in letters apart', () => {
    expect(businessNameKey('Ngozi Stores')).not.toBe(businessNameKey('Ngozi Store'));
    expect(businessNameKey('B0B Ventures')).not.toBe(businessNameKey('BOB Ventures'));
    expect(businessNameKey('Cafe Lagos')).not.toBe(businessNameKey('Café Lagos'));
  });
});
