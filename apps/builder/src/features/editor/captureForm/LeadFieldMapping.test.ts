import { describe, expect, it } from 'vitest';
import { serviceFieldHint } from './LeadFieldMapping';
import { SERVICE_FIELD_HINT } from './leadFieldTexts';

describe('the hint under "Email service field"', () => {
  it('says what to type for the quiz’s service, and that Sendlane takes no fields', () => {
    expect(serviceFieldHint('mailchimp')).toMatch(/^The merge tag, e\.g\. PHONE\./);
    expect(serviceFieldHint('getresponse')).toMatch(/^The custom field name or id/);
    expect(serviceFieldHint('activecampaign')).toMatch(/personalization tag, e\.g\. %COMPANY%/);
    expect(serviceFieldHint('convertkit')).toMatch(/^The field key/);
    expect(serviceFieldHint('drip')).toMatch(/^The field key/);
    expect(serviceFieldHint('aweber')).toMatch(/must exist on the list/);
    expect(serviceFieldHint('platformly')).toMatch(/cf_company_12/);
    expect(serviceFieldHint('sendlane')).toMatch(/not sent/);
  });

  it('speaks of any service until a connection is chosen', () => {
    expect(serviceFieldHint(null)).toBe(SERVICE_FIELD_HINT);
    expect(serviceFieldHint('unknown')).toBe(SERVICE_FIELD_HINT);
  });
});
