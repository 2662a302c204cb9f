import { describe, expect, it } from 'vitest';
import { delivery, lead } from '../../test/leads';
import { refreshIntervalFor } from './LeadsTab';

describe('refreshIntervalFor', () => {
  it('refreshes soon while a delivery waits for its first attempt, now and then while one retries, else never', () => {
    const withStates = (...states: ('pending' | 'retrying' | 'delivered' | 'failed')[]) =>
      states.map((state, index) => lead({ id: `lead-${index}`, deliveries: [delivery({ state })] }));
    expect(refreshIntervalFor(withStates('delivered', 'pending', 'retrying'))).toBe(3_000);
    expect(refreshIntervalFor(withStates('delivered', 'retrying'))).toBe(30_000);
    expect(refreshIntervalFor(withStates('delivered', 'failed'))).toBe(false);
    expect(refreshIntervalFor([])).toBe(false);
  });
});
