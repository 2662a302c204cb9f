import { leadMeasurementSchema } from '@quizbeam/contracts/measurement';
import { visitorLeadBodySchema } from '@quizbeam/contracts/visitorEvents';
import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_ATTRIBUTE } from '../markup/pageIds';
import { BROWSER_IDS_PROPERTY, type TrackingWindow } from '../tracking/trackingShared';
import { leadMeasurement, leadUrlFields } from './leadContext';

const NAMES = ['utm_source', 'utm_campaign', 'fbclid', 'ref'];

afterEach(() => {
  document.documentElement.removeAttribute(CONSENT_ATTRIBUTE);
  Reflect.deleteProperty(window, BROWSER_IDS_PROPERTY);
});

describe('the URL fields a lead carries', () => {
  it('takes the quiz’s names the address has, the first of a repeated one, and nothing else', () => {
    const search = '?utm_source=fb&ref=partner7&ref=second&other=x&utm_campaign=&fbclid=abc';
    expect(leadUrlFields(search, NAMES)).toEqual({
      urlFields: { utm_source: 'fb', ref: 'partner7', fbclid: 'abc' },
    });
    expect(leadUrlFields('', NAMES)).toEqual({ urlFields: {} });
  });

  it('cuts a value to 500 characters and says so, without a NUL or a split surrogate pair the lead call refuses', () => {
    const long = `${'a'.repeat(499)}😀${'b'.repeat(4600)}`;
    const search = `?ref=${encodeURIComponent(long)}&utm_source=${encodeURIComponent('x\u0000y')}`;
    const sent = leadUrlFields(search, NAMES);
    expect(sent.urlFieldsCut).toEqual(['ref']);
    expect(sent.urlFields.ref).toBe('a'.repeat(499));
    expect(sent.urlFields.utm_source).toBe('xy');
    const body = {
      snapshotId: crypto.randomUUID(),
      visitId: 'visit-aaaaaaaaaaaaaaaa',
      answers: [{ questionId: 1, answerId: 1 }],
      email: 'ada@example.com',
      name: null,
      consent: true,
      pageUrl: 'https://quiz.example/abcd1234',
      ...sent,
    };
    expect(visitorLeadBodySchema.safeParse(body).success).toBe(true);
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(Object.values(sent.urlFields).some((value) => loneSurrogate.test(value))).toBe(false);
  });
});

describe('the measurement context a lead carries', () => {
  const LANDED = 1_750_000_000_123;

  it('is the event id and “not asked” on a page that does not ask for consent', () => {
    expect(leadMeasurement('lead.visit1', '', LANDED)).toEqual({
      eventId: 'lead.visit1',
      consent: 'not-asked',
      fbc: undefined,
    });
  });

  it('takes the visitor’s answer to the consent bar: denied until the tracking script says granted', () => {
    document.documentElement.setAttribute(CONSENT_ATTRIBUTE, 'denied');
    expect(leadMeasurement('lead.v', '', LANDED).consent).toBe('denied');
    document.documentElement.setAttribute(CONSENT_ATTRIBUTE, 'granted');
    expect(leadMeasurement('lead.v', '', LANDED).consent).toBe('granted');
  });

  it('makes Meta’s click id from the address’s fbclid, dated when the page was opened', () => {
    const measurement = leadMeasurement('lead.v', '?utm_source=fb&fbclid=IwAR2_x-Y9', LANDED);
    expect(measurement.fbc).toBe(`fb.1.${LANDED}.IwAR2_x-Y9`);
    expect(leadMeasurementSchema.parse(JSON.parse(JSON.stringify(measurement)))).toEqual(measurement);
    // An fbclid the lead call would refuse is left out rather than costing the lead.
    expect(leadMeasurement('lead.v', `?fbclid=${encodeURIComponent('a b<c>')}`, LANDED).fbc).toBeUndefined();
  });

  it('adds the browser ids the tracking script reads from the platforms’ cookies, a current _fbc over its own', () => {
    (window as TrackingWindow)[BROWSER_IDS_PROPERTY] = () => ({
      gaClientId: '123.456',
      fbc: 'fb.1.1700000000000.abc',
    });
    expect(leadMeasurement('lead.v', '?fbclid=abc', LANDED)).toEqual({
      eventId: 'lead.v',
      consent: 'not-asked',
      gaClientId: '123.456',
      fbc: 'fb.1.1700000000000.abc',
    });
  });
});
