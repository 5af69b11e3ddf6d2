import type { FreightZoneRates } from '@labshop/shared/schemas/freight';

/**
 * The demo freight table (issue 37): ground freight from the Ohio plant by zone and weight, to
 * 150 lb; a heavier order goes by truck and is quoted, and Alaska, Hawaii, the territories and
 * military addresses are in no zone. Invented rates, in cents.
 */
const bands = (...dollars: number[]) =>
  [5, 20, 50, 100, 150].map((upToLb, index) => ({ upToLb, cents: (dollars[index] ?? 0) * 100 }));

export const seedFreightZones: FreightZoneRates[] = [
  {
    name: 'Midwest',
    states: ['OH', 'MI', 'IN', 'KY', 'IL', 'WI', 'PA', 'WV', 'MN', 'IA', 'MO'],
    bands: bands(12, 24, 45, 79, 115),
  },
  {
    name: 'East and South',
    states: [
      'NY',
      'NJ',
      'CT',
      'RI',
      'MA',
      'VT',
      'NH',
      'ME',
      'DE',
      'MD',
      'DC',
      'VA',
      'NC',
      'SC',
      'GA',
      'FL',
      'TN',
      'AL',
      'MS',
    ],
    bands: bands(15, 29, 55, 95, 139),
  },
  {
    name: 'Central and Mountain',
    states: ['ND', 'SD', 'NE', 'KS', 'OK', 'TX', 'AR', 'LA', 'CO', 'NM', 'WY', 'MT'],
    bands: bands(17, 34, 65, 115, 165),
  },
  {
    name: 'West',
    states: ['CA', 'OR', 'WA', 'NV', 'AZ', 'UT', 'ID'],
    bands: bands(19, 39, 75, 135, 195),
  },
];
