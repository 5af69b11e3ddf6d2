import { describe, expect, it } from 'vitest';
import { pageCount } from './paging.ts';

describe('pageCount', () => {
  it('fills whole pages and starts a new one for the rest', () => {
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
    expect(pageCount(100_076, 24)).toBe(4_170);
  });

  it('counts an empty list as one page, so its first page is not past the end', () => {
    expect(pageCount(0, 50)).toBe(1);
  });
});
