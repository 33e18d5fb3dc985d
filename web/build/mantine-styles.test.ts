import { describe, expect, it } from 'vitest';
import { inMantineOrder } from './mantine-styles';

const mark = (rank: number, name: string) => `.mantine-order-${name}{--mantine-order:${rank} ${name}}`;

describe('inMantineOrder', () => {
  it("puts each marked block at its rank in Mantine's styles.css, drops the markers, keeps our own CSS first", () => {
    const chunk = [
      mark(-1, 'a1'),
      '.theme{color:red}',
      mark(40, 'b2'),
      '.m_modal{padding:0}',
      mark(13, 'c3'),
      '.m_modalbase{padding:1rem}',
      mark(-1, 'd4'),
      '.own-later{margin:0}',
      mark(2, 'e5'),
      ':root{--mantine-scale:1}',
    ].join('');
    expect(inMantineOrder(chunk)).toBe(
      '.theme{color:red}.own-later{margin:0}:root{--mantine-scale:1}.m_modalbase{padding:1rem}.m_modal{padding:0}',
    );
  });

  it('leaves CSS without markers as it is', () => {
    expect(inMantineOrder('.a{color:red}.b{color:blue}')).toBe('.a{color:red}.b{color:blue}');
  });
});
