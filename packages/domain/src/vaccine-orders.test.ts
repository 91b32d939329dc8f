import { describe, expect, it } from 'vitest';
import { isDoseOf, parseVaccineDoseId } from './vaccine-orders.ts';

describe('vaccine dose ids', () => {
  it.each([
    ['hepatitis_b.2', { vaccineId: 'hepatitis_b', order: 2 }],
    ['dtap.5', { vaccineId: 'dtap', order: 5 }],
    ['influenza.12', { vaccineId: 'influenza', order: 12 }],
  ])('%s names its vaccine and order', (id, parsed) => {
    expect(parseVaccineDoseId(id)).toEqual(parsed);
  });

  it.each(['hepatitis_b', 'hepatitis_b.0', 'hepatitis_b.100', 'unknown_vaccine.1', 'Hepatitis_b.1', '.1', 'dtap.1.2', ''])(
    '%j is no dose id',
    (id) => {
      expect(parseVaccineDoseId(id)).toBeUndefined();
    },
  );

  it('a dose belongs to its own vaccine only', () => {
    expect(isDoseOf('hepatitis_b', 'hepatitis_b.1')).toBe(true);
    expect(isDoseOf('dtap', 'hepatitis_b.1')).toBe(false);
    expect(isDoseOf('hepatitis_b', 'nonsense')).toBe(false);
  });
});
