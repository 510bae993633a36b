import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('should write plain text and numbers as they are', () => {
    expect(csvCell('Olivia Hartmann')).toBe('Olivia Hartmann');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell(0)).toBe('0');
  });

  it('should leave a missing value empty', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('should quote a cell with a comma, a quote or a line break and double its quotes', () => {
    expect(csvCell('Kowalski, Dora')).toBe('"Kowalski, Dora"');
    expect(csvCell('The "Lodge"')).toBe('"The ""Lodge"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])(
    'should prefix text a spreadsheet would run as a formula: %j',
    (text) => {
      expect(csvCell(text).replace(/^"/, '')).toMatch(/^'/);
      expect(csvCell(text)).toContain(text.replaceAll('"', '""'));
    },
  );

  it('should not prefix a negative number, which is a value and not a formula', () => {
    expect(csvCell(-3)).toBe('-3');
  });

  it('should escape a formula and quote it when it holds quotes and commas', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});

describe('toCsv', () => {
  it('should write the header, then one CRLF-ended line per row, after a byte order mark', () => {
    expect(
      toCsv(
        ['name', 'score'],
        [
          ['a', 1],
          ['b', null],
        ],
      ),
    ).toBe('\uFEFFname,score\r\na,1\r\nb,\r\n');
  });
});
