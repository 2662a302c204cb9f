import type { HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import type { LeadCaptureSettings, Outcome } from '@quizbeam/contracts/quiz';
import { defaultLeadCaptureSettings, defaultOutcomeLeadCaptureSettings } from '@quizbeam/quiz-engine/newQuiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { leadDestinations } from './leadDestinations';

const FORM_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_FORM_ID = '22222222-2222-4222-8222-222222222222';
const HOOK_A = '33333333-3333-4333-8333-333333333333';
const HOOK_B = '44444444-4444-4444-8444-444444444444';

const form = (htmlFormId: string | null, action: string): HtmlFormSettings => ({
  htmlFormId,
  formData: { method: 'post', action, fields: [], submit: { name: '', value: 'Send' } },
  fieldMappings: { name: 'fname', email: 'email', checkboxes: [] },
});

const on = (overrides: Partial<LeadCaptureSettings>): LeadCaptureSettings => ({
  ...defaultLeadCaptureSettings(),
  enabled: true,
  ...overrides,
});

const { quiz, o } = buildQuiz({
  type: 'scored',
  outcomes: [
    { from: 0, to: 2 },
    { from: 3, to: 10 },
  ],
});
const outcomes: Outcome[] = quiz.outcomes.map((outcome, index) => ({
  ...outcome,
  leadCaptureSettings: {
    ...defaultOutcomeLeadCaptureSettings(),
    targetId: index === 0 ? 'list-low' : null,
    htmlFormSettings: index === 0 ? form(OTHER_FORM_ID, 'https://crm.example/low') : null,
    webhookIds: index === 0 ? [HOOK_B] : [],
  },
}));

describe('leadDestinations', () => {
  it('sends nowhere when capture is off or nothing is chosen', () => {
    expect(
      leadDestinations(
        { ...on({ htmlFormSettings: form(FORM_ID, 'https://a.example/') }), enabled: false },
        outcomes,
        null,
      ),
    ).toEqual([]);
    expect(leadDestinations(on({}), outcomes, null)).toEqual([]);
    expect(leadDestinations(on({ type: 'html-form' }), outcomes, null)).toEqual([]);
    expect(leadDestinations(on({ type: 'api', connectionId: 'conn-1' }), outcomes, null)).toEqual([]);
  });

  it('plans the HTML form and each webhook once', () => {
    const planned = leadDestinations(
      on({
        type: 'html-form',
        htmlFormSettings: form(FORM_ID, 'https://crm.example/subscribe'),
        webhookIds: [HOOK_A, HOOK_A],
      }),
      outcomes,
      o[1] ?? null,
    );
    expect(planned.map(({ type, key, name }) => ({ type, key, name }))).toEqual([
      { type: 'html-form', key: `html-form:${FORM_ID}`, name: 'HTML form (crm.example)' },
      { type: 'webhook', key: `webhook:${HOOK_A}`, name: 'Webhook' },
    ]);
    expect(planned[0]?.destination).toMatchObject({ htmlFormId: FORM_ID, fieldMappings: { email: 'email' } });
  });

  it('keys a form saved without an id by where it posts', () => {
    const [planned] = leadDestinations(
      on({ type: 'html-form', htmlFormSettings: form(null, 'https://x.example/') }),
      outcomes,
      null,
    );
    expect(planned?.key).toMatch(/^html-form:action:[0-9a-f]{32}$/);
  });

  it('plans an integration target', () => {
    const planned = leadDestinations(
      on({ type: 'api', connectionId: 'conn-1', targetId: 'list-9', targetServiceName: 'Mailchimp' }),
      outcomes,
      null,
    );
    expect(planned).toEqual([
      {
        type: 'api',
        key: 'api:conn-1:list-9',
        name: 'Mailchimp',
        destination: { connectionId: 'conn-1', targetId: 'list-9', targetServiceName: 'Mailchimp' },
      },
    ]);
  });

  it("uses the outcome's own destinations when segmented by outcome", () => {
    const settings = on({
      type: 'html-form',
      usePerOutcomeSettings: true,
      htmlFormSettings: form(FORM_ID, 'https://crm.example/all'),
      webhookIds: [HOOK_A],
    });
    expect(leadDestinations(settings, outcomes, o[0] ?? null).map((planned) => planned.key)).toEqual([
      `html-form:${OTHER_FORM_ID}`,
      `webhook:${HOOK_B}`,
    ]);
    // The other outcome chose nothing: nothing is sent, not the quiz's own form.
    expect(leadDestinations(settings, outcomes, o[1] ?? null)).toEqual([]);
    expect(
      leadDestinations({ ...settings, type: 'api', connectionId: 'conn-1' }, outcomes, o[0] ?? null).map(
        (planned) => planned.key,
      ),
    ).toEqual(['api:conn-1:list-low', `webhook:${HOOK_B}`]);
  });
});
