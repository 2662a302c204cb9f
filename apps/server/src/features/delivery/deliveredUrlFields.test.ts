import { describe, expect, it } from 'vitest';
import {
  orderedUrlFields,
  snapshotUrlFields,
  storedUrlFields,
  storedUrlFieldsCut,
  urlFieldsForDelivery,
  utmOfUrlFields,
} from './deliveredUrlFields';

describe('a lead’s URL fields for its destinations', () => {
  it('reads the stored values leniently: strings only, anything else as none', () => {
    expect(storedUrlFields({ ref: 'partner7', n: 3, nested: { a: 'b' } })).toEqual({ ref: 'partner7' });
    expect(storedUrlFields(null)).toEqual({});
    expect(storedUrlFields(['a'])).toEqual({});
    expect(storedUrlFieldsCut(['ref'])).toEqual(['ref']);
    expect(storedUrlFieldsCut({ ref: true })).toEqual([]);
  });

  it('orders them as the quiz lists them, then any other by name', () => {
    const ordered = orderedUrlFields({ zed: '1', ref: '2', alpha: '3', utm_source: '4' }, [
      'utm_source',
      'gclid',
      'ref',
    ]);
    expect(Object.entries(ordered)).toEqual([
      ['utm_source', '4'],
      ['ref', '2'],
      ['alpha', '3'],
      ['zed', '1'],
    ]);
    expect(utmOfUrlFields(ordered)).toEqual({ utm_source: '4' });
  });

  it('maps each value the version mapped, to the service and to the pasted form, trimmed', () => {
    const delivered = urlFieldsForDelivery({ ref: 'partner7', gclid: 'abc', utm_source: 'fb' }, [
      { name: 'utm_source', htmlFormField: 'source' },
      { name: 'ref', serviceField: ' REF ', htmlFormField: '' },
      { name: 'gclid', serviceField: '   ' },
      { name: 'fbclid', serviceField: 'FBCLID' },
    ]);
    expect(delivered).toEqual({
      urlFields: { utm_source: 'fb', ref: 'partner7', gclid: 'abc' },
      mappedUrlFields: {
        service: [{ name: 'REF', value: 'partner7' }],
        htmlForm: [{ name: 'source', value: 'fb' }],
      },
    });
  });

  it('keeps the defaults, unmapped, for a version that lists none or reads as nothing', () => {
    expect(snapshotUrlFields(undefined).map((field) => field.name)).toContain('gclid');
    expect(snapshotUrlFields('nonsense')).toEqual(snapshotUrlFields(null));
    expect(snapshotUrlFields([{ name: 'ref', serviceField: 'REF', htmlFormField: 7 }])).toEqual([
      { name: 'ref', serviceField: 'REF' },
    ]);
    expect(snapshotUrlFields([])).toEqual([]);
  });
});
