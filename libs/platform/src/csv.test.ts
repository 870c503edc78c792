import { describe, expect, it } from 'vitest';
import { csvField, csvMoney, csvStream } from './csv';

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

describe('CSV for Danish Excel', () => {
  it('when money is written, then a decimal comma and two decimals, sign kept, no thousands separator', () => {
    expect(csvMoney(123_450)).toBe('1234,50');
    expect(csvMoney(-5)).toBe('-0,05');
    expect(csvMoney(0)).toBe('0,00');
    expect(csvMoney(null)).toBe('');
  });

  it('when a field holds ; " or a line break, or starts like a formula, then it is quoted / defused', () => {
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('sagde "hej"')).toBe('"sagde ""hej"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-12)).toBe('-12');
    expect(csvField(csvMoney(-150))).toBe('-1,50');
    expect(csvField('-1,50 DKK')).toBe("'-1,50 DKK");
  });

  it('when rows come in pages, then BOM + header + every page, CRLF line ends', async () => {
    const pages = [[1, 2], [3]];
    const stream = csvStream({
      header: ['Nr', 'Beløb'],
      pageSize: 2,
      nextPage: async (offset) => pages[offset / 2] ?? [],
      toCells: (n: number) => [n, csvMoney(n * 100)],
    });
    expect(await text(stream)).toBe('\uFEFFNr;Beløb\r\n1;1,00\r\n2;2,00\r\n3;3,00\r\n');
  });
});
