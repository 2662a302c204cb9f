import { describe, expect, it } from 'vitest';
import { UTM_MAX_LENGTH, visitEvent } from './visitEvent';

describe('visitEvent', () => {
  it('carries the address’s utm_source and utm_campaign, decoded, and nothing else', () => {
    expect(
      visitEvent(
        '?utm_medium=email&utm_source=news%2C%20%22weekly%22&utm_campaign=%C3%A9t%C3%A9+%F0%9F%8C%9E&x=1',
      ),
    ).toEqual({ type: 'visit', utmSource: 'news, "weekly"', utmCampaign: 'été 🌞' });
  });

  it('leaves out what is absent or empty', () => {
    expect(visitEvent('')).toEqual({ type: 'visit' });
    expect(visitEvent('?utm_source=&utm_campaign=launch')).toEqual({ type: 'visit', utmCampaign: 'launch' });
  });

  it('keeps 100 characters, without splitting an emoji or keeping a NUL the server would refuse', () => {
    const long = 'a'.repeat(150);
    expect(visitEvent(`?utm_source=${long}`).utmSource).toBe('a'.repeat(UTM_MAX_LENGTH));
    // 99 characters then an emoji (two UTF-16 units): the emoji would end at 101, so it goes whole.
    const split = visitEvent(`?utm_source=${'b'.repeat(99)}${encodeURIComponent('🌞')}`).utmSource;
    expect(split).toBe('b'.repeat(99));
    expect(visitEvent('?utm_campaign=sp%00ring').utmCampaign).toBe('spring');
  });

  it('carries each of the quiz’s URL fields the address has, in the quiz’s order, cleaned the same way', () => {
    const names = ['utm_source', 'ref', 'gclid', 'partner.id', 'fbclid'];
    const search = `?fbclid=&ref=partner%207&gclid=${'g'.repeat(150)}&other=x&partner.id=a%00b&utm_source=fb`;
    const event = visitEvent(search, names);
    expect(event).toEqual({
      type: 'visit',
      utmSource: 'fb',
      urlFields: {
        utm_source: 'fb',
        ref: 'partner 7',
        gclid: 'g'.repeat(UTM_MAX_LENGTH),
        'partner.id': 'ab',
      },
    });
    expect(Object.keys(event.urlFields ?? {})).toEqual(['utm_source', 'ref', 'gclid', 'partner.id']);
    expect(visitEvent('?ref=x', [])).toEqual({ type: 'visit' });
    expect(visitEvent('?gclid=', ['gclid'])).toEqual({ type: 'visit' });
  });

  it('keeps a name an object would inherit as a name like any other, and at most 20 of them', () => {
    expect(Object.entries(visitEvent('?__proto__=x', ['__proto__']).urlFields ?? {})).toEqual([
      ['__proto__', 'x'],
    ]);
    const names = Array.from({ length: 25 }, (_, index) => `p${index}`);
    const fields = visitEvent(`?${names.map((name) => `${name}=v`).join('&')}`, names).urlFields ?? {};
    expect(Object.keys(fields)).toEqual(names.slice(0, 20));
  });
});
