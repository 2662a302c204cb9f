import { describe, expect, it } from 'vitest';
import { type KnownServiceField, resolveMappedFields } from './mappedServiceFields';

const ACCOUNT: KnownServiceField[] = [
  { ref: 'kL6Nh', names: ['company'] },
  { ref: 'p2', names: ['Team size', 'TEAM_SIZE'] },
];

function directory(fields: KnownServiceField[][]) {
  let loads = 0;
  return {
    load: async () => fields[Math.min(loads++, fields.length - 1)] ?? [],
    loads: () => loads,
  };
}

describe('resolveMappedFields', () => {
  it('finds fields by id or any name regardless of case, and leaves out names the account lacks', async () => {
    const { load } = directory([ACCOUNT]);
    const resolved = await resolveMappedFields(
      [
        { name: ' COMPANY ', value: 'Acme' },
        { name: 'p2', value: '12' },
        { name: 'Budget', value: '5k' },
      ],
      { cacheKey: null, now: new Date(), load },
    );
    expect(resolved).toEqual({
      values: [
        { ref: 'kL6Nh', value: 'Acme' },
        { ref: 'p2', value: '12' },
      ],
      unknown: ['Budget'],
    });
  });

  it('reads the list once per connection for a few minutes, and again when a name is new to it', async () => {
    const cacheKey = `test:${Math.random()}`;
    const now = new Date('2030-01-01T00:00:00Z');
    const lists = directory([ACCOUNT, [...ACCOUNT, { ref: 'n9', names: ['budget'] }]]);
    const company = [{ name: 'company', value: 'Acme' }];
    await resolveMappedFields(company, { cacheKey, now, load: lists.load });
    await resolveMappedFields(company, { cacheKey, now: new Date(now.getTime() + 60_000), load: lists.load });
    expect(lists.loads()).toBe(1);
    const later = await resolveMappedFields([{ name: 'budget', value: '5k' }], {
      cacheKey,
      now: new Date(now.getTime() + 120_000),
      load: lists.load,
    });
    expect(later.values).toEqual([{ ref: 'n9', value: '5k' }]);
    expect(lists.loads()).toBe(2);
  });

  it('takes a reference the service accepts as typed without reading the list', async () => {
    const lists = directory([ACCOUNT]);
    const resolved = await resolveMappedFields([{ name: 'cf_company_55', value: 'Acme' }], {
      cacheKey: null,
      now: new Date(),
      load: lists.load,
      asTyped: (typed) => (typed.startsWith('cf_') ? typed : null),
    });
    expect(resolved.values).toEqual([{ ref: 'cf_company_55', value: 'Acme' }]);
    expect(lists.loads()).toBe(0);
  });
});
