import { leadMeasurementSchema } from '@quizbeam/contracts/measurement';
import { describe, expect, it } from 'vitest';
import { browserIds } from './browserIds';

const GA4 = 'G-ABC123DEF4';

describe('the browser ids a lead’s server-side conversions use', () => {
  it('reads GA’s client id, the property’s session (GS2 and GS1) and Meta’s _fbp and _fbc', () => {
    const gs2 =
      'other=1; _ga=GA1.1.1162820436.1749482504; _ga_ABC123DEF4=GS2.1.s1749482504$o3$g1$t1749482600$j0$l0$h0; _fbp=fb.1.1596403881668.1116446470; _fbc=fb.1.1596403881668.IwAR2x';
    const ids = browserIds(gs2, GA4);
    expect(ids).toEqual({
      gaClientId: '1162820436.1749482504',
      gaSessionId: '1749482504',
      fbp: 'fb.1.1596403881668.1116446470',
      fbc: 'fb.1.1596403881668.IwAR2x',
    });
    expect(leadMeasurementSchema.parse({ eventId: 'lead.v', consent: 'granted', ...ids })).toBeTruthy();
    // The session part may come anywhere in GS2; GS1 is positional.
    expect(browserIds('_ga_ABC123DEF4=GS2.1.o3$g1$s1700000001$t1700000100', GA4).gaSessionId).toBe(
      '1700000001',
    );
    expect(browserIds('_ga_ABC123DEF4=GS1.1.1700000002.3.1.1700000100.0.0.0', GA4).gaSessionId).toBe(
      '1700000002',
    );
  });

  it('takes the session of the quiz’s own GA4 property, or of any property when GA4 comes through GTM', () => {
    const cookie = '_ga_OTHER1=GS1.1.1111111111.1.0.0.0.0.0; _ga_ABC123DEF4=GS1.1.2222222222.1.0.0.0.0.0';
    expect(browserIds(cookie, GA4).gaSessionId).toBe('2222222222');
    expect(browserIds(cookie, '').gaSessionId).toBe('1111111111');
  });

  it('leaves out what is absent or not in the form the lead call accepts, so it never costs a lead', () => {
    expect(browserIds('', GA4)).toEqual({});
    const odd =
      '_ga=GA1.1.abc.def; _ga_ABC123DEF4=GS3.1.s1; _fbp=fb.1.x.<script>; _fbc=fb.1.1596403881668.a%20b; _ga_=1';
    expect(browserIds(odd, GA4)).toEqual({});
    expect(browserIds(`_ga=GA1.1.${'9'.repeat(21)}.1`, GA4)).toEqual({});
  });
});
