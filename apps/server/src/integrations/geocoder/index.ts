import type { GeocoderConfig } from '../../config/index.ts';
import { createNoGeocoder } from './none.ts';
import { createNominatimGeocoder } from './nominatim.ts';
import type { Geocoder } from './port.ts';

/** The configured geocoder: none in embedded mode, Nominatim with GEOCODER=nominatim. */
export function createGeocoder(config: GeocoderConfig): Geocoder {
  switch (config.kind) {
    case 'none':
      return createNoGeocoder();
    case 'nominatim':
      return createNominatimGeocoder(config);
  }
}
