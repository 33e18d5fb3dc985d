import { describe, expect, it } from 'vitest';
import { neutraliseCell, toCsv } from './csv.ts';

describe('csv', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(neutraliseCell('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(neutraliseCell('+2348012345678')).toBe("'+2348012345678");
    expect(neutraliseCell('-5')).toBe("'-5");
    expect(neutraliseCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(neutraliseCell('Ada Obi')).toBe('Ada Obi');
  });

  it('quotes per RFC 4180', () => {
    expect(toCsv(['Name', 'Email', 'Role'], [['Obi, Ada', 'a@b.ng', 'employee']])).toBe(
      'Name,Email,Role\r\n"Obi, Ada",a@b.ng,employee',
    );
  });
});

describe('csv quoting', () => {
  it('doubles quotes and quotes line breaks', () => {
    expect(toCsv(['a'], [['say "hi"'], ['two\nlines'], [null]])).toBe(
      'a\r\n"say ""hi"""\r\n"two\nlines"\r\n',
    );
  });
});
