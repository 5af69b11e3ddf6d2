import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text, numbers and empty values as they are', () => {
    expect(csvCell('Toledo')).toBe('Toledo');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
    // A number is data, not a formula.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('Lab, Inc.')).toBe('"Lab, Inc."');
    expect(csvCell('The "Smile" Studio')).toBe('"The ""Smile"" Studio"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
  });

  it('prefixes text a spreadsheet would run with an apostrophe', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+1 (419) 555-0199')).toBe("'+1 (419) 555-0199");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tindented')).toBe("'\tindented");
    expect(csvCell('\rcarriage')).toBe('"\'\rcarriage"');
    expect(csvCell('=HYPERLINK("x","y")')).toBe('"\'=HYPERLINK(""x"",""y"")"');
    // Only at the start.
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('writes the header and the rows, each line ended by CRLF', () => {
    expect(
      toCsv(
        ['name', 'city'],
        [
          ['Ada', 'London'],
          ['Lab, Inc.', null],
        ],
      ),
    ).toBe('name,city\r\nAda,London\r\n"Lab, Inc.",\r\n');
    expect(toCsv(['only'], [])).toBe('only\r\n');
  });
});
