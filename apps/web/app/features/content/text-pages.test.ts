import { TEXT_PAGES } from '@labshop/shared/constants';
import { describe, expect, it } from 'vitest';
import { galleryCaption } from './gallery-caption.ts';
import { textPageForPath } from './text-pages.ts';

describe('the text page of a path', () => {
  it('finds each of the eight pages by its route', () => {
    for (const page of TEXT_PAGES) {
      expect(textPageForPath(page.path)?.name).toBe(page.name);
    }
  });

  it('ignores case and a trailing slash, as the router does', () => {
    expect(textPageForPath('/About-Us/')?.name).toBe('About');
    expect(textPageForPath('/PRIVACY-POLICY')?.name).toBe('Privacy Policy');
  });

  it('finds nothing for other paths', () => {
    expect(textPageForPath('/about')).toBeNull();
    expect(textPageForPath('/')).toBeNull();
  });

  it('gives the spinner to About, Privacy, Terms of Use and Cookies only (SPEC.md 2)', () => {
    const withSpinner = TEXT_PAGES.filter((page) => textPageForPath(page.path)?.spinner).map(
      (page) => page.name,
    );
    expect(withSpinner.sort()).toEqual(
      ['About', 'Cookies Policy', 'Privacy Policy', 'Terms of Use'].sort(),
    );
  });
});

describe('the gallery caption', () => {
  it('cuts a description longer than 120 characters and adds ...', () => {
    const description = 'x'.repeat(121);
    expect(galleryCaption({ title: 'Casting Room', description })).toEqual({
      title: 'Casting Room',
      description: `${'x'.repeat(120)}...`,
    });
  });

  it('keeps a description of 120 characters whole', () => {
    const description = 'y'.repeat(120);
    expect(galleryCaption({ title: 'Model Room', description }).description).toBe(description);
  });
});
