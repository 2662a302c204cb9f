import { describe, expect, it } from 'vitest';
import { deliveryDestinationLabel } from './leadTexts';

describe('deliveryDestinationLabel', () => {
  it('says a conversion API is one and names other destinations by their own name', () => {
    expect(deliveryDestinationLabel({ destinationType: 'conversion', destinationName: 'Meta ads' })).toBe(
      'Conversion API: Meta ads',
    );
    expect(
      deliveryDestinationLabel({ destinationType: 'lead-email', destinationName: 'New-lead email' }),
    ).toBe('New-lead email');
    expect(deliveryDestinationLabel({ destinationType: 'webhook', destinationName: 'CRM hook' })).toBe(
      'CRM hook',
    );
  });
});
