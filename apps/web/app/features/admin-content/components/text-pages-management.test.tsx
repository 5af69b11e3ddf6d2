import { describe, expect, it } from 'vitest';
import { ApiError } from '../../admin/api/http.ts';
import { saveFailure } from './text-pages-management.tsx';

describe('saveFailure', () => {
  it("puts the server's message after 'Failed to save page. '", () => {
    expect(saveFailure(new ApiError('Content is required.', 400))).toBe(
      'Failed to save page. Content is required.',
    );
  });

  it("says 'Please try again.' when there is no server message", () => {
    expect(saveFailure(new TypeError('Failed to fetch'))).toBe(
      'Failed to save page. Please try again.',
    );
    expect(saveFailure(new ApiError('  ', 500))).toBe('Failed to save page. Please try again.');
  });
});
