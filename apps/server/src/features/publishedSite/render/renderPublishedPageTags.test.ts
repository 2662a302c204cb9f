import { type BrowserTracking, NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import { describe, expect, it } from 'vitest';
import { renderedPage as render } from '../../../testing/renderedPages';
import { mathsQuiz } from '../../../testing/sampleQuizzes';

describe('a published page’s tags', () => {
  const ALL_TAGS: BrowserTracking = {
    gtmContainerId: 'GTM-ABC1234',
    ga4MeasurementId: 'G-ABC123DEF4',
    metaPixelId: '123456789012345',
    askConsent: true,
  };
  const trackingOf = (html: string) => {
    const json = /<script type="application\/json" id="quizbeam-tracking">(.*?)<\/script>/s.exec(html)?.[1];
    return json === undefined ? null : (JSON.parse(json) as BrowserTracking);
  };
  const scriptSources = (html: string) =>
    [...html.matchAll(/<script src="([^"]*)" defer><\/script>/g)].map((match) => match[1]);

  it('leave a page without them exactly as it was: no settings, script, consent attribute or bar', () => {
    const quiz = mathsQuiz().quiz;
    const plain = render(quiz);
    expect(render(quiz, { tracking: NO_BROWSER_TRACKING })).toBe(plain);
    expect(plain).toContain('<html lang="en" dir="ltr">\n');
    expect(plain).not.toMatch(/quizbeam-tracking|data-quizbeam-consent|qb-cookie-consent|googletagmanager/);
    expect(scriptSources(plain)).toEqual(['/_q/player-0123abcd.js']);
    // The editor's preview never turns tags on.
    expect(render(quiz, { tracking: ALL_TAGS, mode: 'preview' })).not.toMatch(
      /quizbeam-tracking|qb-cookie-consent/,
    );
  });

  it('come as their settings and the tracking build, deferred before the player so it hears the first event', () => {
    const html = render(mathsQuiz().quiz, { tracking: ALL_TAGS });
    expect(trackingOf(html)).toEqual(ALL_TAGS);
    expect(scriptSources(html)).toEqual(['/_q/player-0123abcd-tracking.js', '/_q/player-0123abcd.js']);
    expect(html.indexOf('id="quizbeam-tracking"')).toBeLessThan(html.indexOf('player-0123abcd-tracking.js'));
    // The platforms' own scripts are never in the page: the tracking build loads them when it may.
    expect(html).not.toMatch(/googletagmanager|facebook\.net/);
  });

  it('ask first when the quiz asks: the page starts as not consenting, with the bar hidden until the script shows it', () => {
    const html = render(mathsQuiz().quiz, { tracking: ALL_TAGS });
    expect(html).toContain('<html lang="en" dir="ltr" data-quizbeam-consent="denied">');
    const bar = /<section id="qb-cookie-consent"[^>]*>(.*?)<\/section>/s.exec(html);
    expect(bar?.[0]).toMatch(/aria-label="Cookie consent" hidden>/);
    expect(bar?.[1]).toContain('This quiz uses cookies to measure visits.');
    expect(
      [...(bar?.[1] ?? '').matchAll(/<button[^>]*value="(\w+)">(\w+)<\/button>/g)].map((m) => [m[1], m[2]]),
    ).toEqual([
      ['granted', 'Accept'],
      ['denied', 'Decline'],
    ]);
    // First in the page, above the quiz.
    expect(html.indexOf('id="qb-cookie-consent"')).toBeGreaterThan(html.indexOf('id="qb-page"'));
    expect(html.indexOf('id="qb-cookie-consent"')).toBeLessThan(html.indexOf('<main'));

    const notAsking = render(mathsQuiz().quiz, { tracking: { ...ALL_TAGS, askConsent: false } });
    expect(notAsking).toContain('<html lang="en" dir="ltr">');
    expect(notAsking).not.toContain('qb-cookie-consent');
    expect(trackingOf(notAsking)?.askConsent).toBe(false);
  });

  it('still ask when the quiz asks without a tag: its server-side conversions wait for the answer too', () => {
    const asking = { ...NO_BROWSER_TRACKING, askConsent: true };
    const html = render(mathsQuiz().quiz, { tracking: asking });
    expect(trackingOf(html)).toEqual(asking);
    expect(html).toContain('id="qb-cookie-consent"');
  });

  it('carry nothing of the snapshot but the four settings', () => {
    const extra = { ...ALL_TAGS, secret: 'x' } as BrowserTracking;
    expect(trackingOf(render(mathsQuiz().quiz, { tracking: extra }))).toEqual(ALL_TAGS);
  });
});
