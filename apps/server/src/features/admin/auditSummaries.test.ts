import { DEFAULT_USAGE_LIMITS } from '@quizbeam/contracts/account';
import { describe, expect, it } from 'vitest';
import {
  accountCreatedSummary,
  accountUpdatedSummary,
  downloadChangedSummary,
  passwordEmailSummary,
} from './auditSummaries';

const none = { isLimited: false, commercialFeatures: false, extraTemplates: false, proVersion: false };
const defaults = (key: keyof typeof DEFAULT_USAGE_LIMITS) => DEFAULT_USAGE_LIMITS[key];

describe('audit summaries', () => {
  it('names a new account, its user and what it was granted', () => {
    expect(
      accountCreatedSummary({ name: 'Acme', email: 'a@acme.test', isAdmin: false, permissions: none }),
    ).toBe('Created account "Acme" for a@acme.test');
    expect(
      accountCreatedSummary({
        name: 'Acme',
        email: 'a@acme.test',
        isAdmin: true,
        permissions: { ...none, isLimited: true, extraTemplates: true },
      }),
    ).toBe('Created account "Acme" for a@acme.test (admin); Limited on, Extra templates on');
  });

  it('names each change of an update: name, limits with en-US numbers and defaults, permissions', () => {
    const before = { name: 'Acme', permissions: none, limitOverrides: { integrations: 3 } };
    expect(
      accountUpdatedSummary(
        before,
        {
          name: 'Acme',
          permissions: { ...none, proVersion: true },
          limitOverrides: { quizzes: 20, integrations: 3 },
        },
        defaults,
      ),
    ).toBe('Changed limits: Quizzes 500 → 20; Pro on');
    expect(
      accountUpdatedSummary(
        before,
        {
          name: 'Acme Two',
          permissions: { ...none, isLimited: true },
          limitOverrides: { leadsPerMonth: 1_000_000 },
        },
        defaults,
      ),
    ).toBe(
      'Renamed "Acme" → "Acme Two"; Changed limits: Leads this month 25,000 → 1,000,000, Integrations 3 → 25 (default); Limited on',
    );
    expect(accountUpdatedSummary(before, before, defaults)).toBe('Saved without changes');
  });

  it('tells a reset email from a set-password email', () => {
    expect(passwordEmailSummary('a@b.test', 'reset')).toBe('Sent a password reset email to a@b.test');
    expect(passwordEmailSummary('a@b.test', 'set')).toBe('Sent a set-password email to a@b.test');
  });

  it('names what changed in a Leads Challenge download', () => {
    const item = { title: 'Guide', description: 'One', fileName: 'guide.pdf', fileKey: 'k1' };
    expect(
      downloadChangedSummary(item, { ...item, title: 'Big guide', fileName: 'big.zip', fileKey: 'k2' }),
    ).toBe('Changed Leads Challenge download "Guide": title "Guide" → "Big guide", file guide.pdf → big.zip');
    expect(downloadChangedSummary(item, { ...item, description: 'Two' })).toBe(
      'Changed Leads Challenge download "Guide": description changed',
    );
    expect(downloadChangedSummary(item, item)).toBe('Saved Leads Challenge download "Guide" without changes');
  });
});
