import { describe, expect, it } from 'vitest';
import { searchOf, tabOf, viewOf } from './adminViews';

const view = (query: string) => viewOf(new URLSearchParams(query));

describe('the console views in the query string', () => {
  it('reads each view, with the accounts list as the default', () => {
    expect(view('')).toEqual({ kind: 'accounts', search: '', page: 1 });
    expect(view('search=%20ada%20&page=3')).toEqual({ kind: 'accounts', search: 'ada', page: 3 });
    expect(view('account=abc&view=audit-log')).toEqual({ kind: 'account', accountId: 'abc' });
    expect(view('view=audit-log&page=2')).toEqual({ kind: 'audit-log', page: 2 });
    expect(view('view=leads-challenge')).toEqual({ kind: 'leads-challenge' });
  });

  it.each(['0', '-1', '1.5', 'x', '100001', ''])('reads the page %j as the first', (page) => {
    expect(view(`page=${page}`)).toEqual({ kind: 'accounts', search: '', page: 1 });
  });

  it('cuts a long search, and ignores an over-long or empty account id', () => {
    expect(view(`search=${'a'.repeat(300)}`)).toEqual({ kind: 'accounts', search: 'a'.repeat(200), page: 1 });
    expect(view(`account=${'a'.repeat(101)}`).kind).toBe('accounts');
    expect(view('account=%20').kind).toBe('accounts');
  });

  it('writes each view back the way it reads', () => {
    for (const query of [
      '',
      '?search=ada&page=3',
      '?account=abc',
      '?view=audit-log&page=2',
      '?view=leads-challenge',
    ]) {
      expect(searchOf(view(query))).toBe(query);
    }
    expect(searchOf({ kind: 'audit-log', page: 1 })).toBe('?view=audit-log');
    expect(searchOf({ kind: 'accounts', search: 'a&b', page: 1 })).toBe('?search=a%26b');
  });

  it('puts an account under the Accounts tab', () => {
    expect(tabOf({ kind: 'account', accountId: 'abc' })).toBe('accounts');
    expect(tabOf({ kind: 'audit-log', page: 1 })).toBe('audit-log');
  });
});
