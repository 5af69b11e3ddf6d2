import type { Geocoder } from './port.ts';

/** Embedded mode (GEOCODER=none): nothing is looked up; coordinates come with the contact data. */
export function createNoGeocoder(): Geocoder {
  return {
    kind: 'none',
    async geocode() {
      return null;
    },
  };
}
