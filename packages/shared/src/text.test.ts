import { describe, expect, it } from 'vitest';
import { slugify, titleCase, truncate } from './text.ts';

describe('truncate', () => {
  it('keeps text within the limit and cuts longer text with ...', () => {
    expect(truncate('Alloy Grinder', 39)).toBe('Alloy Grinder');
    expect(truncate('a'.repeat(39), 39)).toBe('a'.repeat(39));
    expect(truncate('a'.repeat(40), 39)).toBe(`${'a'.repeat(39)}...`);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncate('🦷🦷🦷', 2)).toBe('🦷🦷...');
  });
});

describe('titleCase', () => {
  it('capitalises each word as the shop sidebar shows category names', () => {
    expect(titleCase('polishing LATHES')).toBe('Polishing Lathes');
    expect(titleCase('burs and wheels')).toBe('Burs And Wheels');
    expect(titleCase('pin-systems')).toBe('Pin-Systems');
  });
});

describe('slugify', () => {
  it('makes URL-safe slugs', () => {
    expect(slugify('Model Trimmers & Parts')).toBe('model-trimmers-parts');
    expect(slugify('  Crème  brûlée ')).toBe('creme-brulee');
  });
});
