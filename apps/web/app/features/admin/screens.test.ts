import { describe, expect, it } from 'vitest';
import { ADMIN_SCREEN_PATHS } from './screen-paths.ts';
import { ADMIN_SCREENS, adminScreen } from './screens.ts';

describe('admin screens', () => {
  it('give every routed screen a sidebar entry, in the same order', () => {
    expect(ADMIN_SCREENS.map((screen) => screen.path)).toEqual([...ADMIN_SCREEN_PATHS]);
  });

  it("carry the spec's sidebar labels with Quotes and Freight, then the Mail log, the Sync History and the Audit Log (beyond the spec)", () => {
    expect(ADMIN_SCREENS.map((screen) => screen.label)).toEqual([
      'Orders History',
      'Quotes',
      'Freight',
      'Contacts Data',
      'Gallery',
      'Products',
      'Categories',
      'Customers',
      'Notifications',
      'Text Pages',
      'Testimonials',
      'Newsletter',
      'Mail',
      'Sync History',
      'Audit Log',
    ]);
    expect(adminScreen('static')?.label).toBe('Text Pages');
    expect(adminScreen('nope')).toBeUndefined();
  });
});
