import { describe, expect, it } from 'vitest';
import {
  homeProductTitle,
  initialsOf,
  shopCardTitle,
  slugify,
  titleCase,
  truncate,
} from './text.ts';

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

describe('shopCardTitle', () => {
  it('shows titles of up to 33 characters whole', () => {
    expect(shopCardTitle('Single-Station Alloy Grinder')).toBe('Single-Station Alloy Grinder');
    expect(shopCardTitle('a'.repeat(33))).toBe('a'.repeat(33));
  });

  it('cuts titles of 34 to 39 characters to 33, without ...', () => {
    expect(shopCardTitle('b'.repeat(34))).toBe('b'.repeat(33));
    expect(shopCardTitle('c'.repeat(39))).toBe('c'.repeat(33));
  });

  it('cuts longer titles to 33 characters plus ...', () => {
    expect(shopCardTitle('d'.repeat(40))).toBe(`${'d'.repeat(33)}...`);
    expect(shopCardTitle('Heavy-Duty Alloy Grinder, 1 HP, Three-Phase Ready')).toBe(
      'Heavy-Duty Alloy Grinder, 1 HP, T...',
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(shopCardTitle('🦷'.repeat(39))).toBe('🦷'.repeat(33));
    expect(shopCardTitle('🦷'.repeat(40))).toBe(`${'🦷'.repeat(33)}...`);
  });
});

describe('homeProductTitle', () => {
  it('cuts a home page title to 39 characters plus ...', () => {
    expect(homeProductTitle('a'.repeat(39))).toBe('a'.repeat(39));
    expect(homeProductTitle('a'.repeat(40))).toBe(`${'a'.repeat(39)}...`);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initialsOf('Dana Whitfield Lee')).toBe('DL');
    expect(initialsOf('  maria   delgado ')).toBe('MD');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Ólafur 🦷Arnalds')).toBe('Ó🦷');
    expect(initialsOf('   ')).toBe('');
  });
});
