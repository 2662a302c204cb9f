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
});
