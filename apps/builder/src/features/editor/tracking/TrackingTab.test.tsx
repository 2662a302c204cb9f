import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  type BrowserTracking,
  DUPLICATE_URL_FIELD_TEXT,
  GTM_CONTAINER_ID_TEXT,
  META_PIXEL_ID_TEXT,
  NO_BROWSER_TRACKING,
  URL_FIELD_NAME_TEXT,
} from '@quizbeam/contracts/measurement';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { DEFAULT_URL_FIELDS, MAX_URL_FIELDS } from '@quizbeam/contracts/quizConstants';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { getTrackingDefaultsEndpoint } from '@quizbeam/contracts/trackingDefaults';
import { defaultLeadCaptureSettings } from '@quizbeam/quiz-engine/newQuiz';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import {
  ADD_URL_FIELD_LABEL,
  ASK_CONSENT_LABEL,
  NEW_URL_FIELD_LABEL,
  RESET_URL_FIELDS_LABEL,
  removeUrlFieldLabel,
  TRACKING_EVENTS_NOTE,
  TRACKING_REPUBLISH_NOTE,
  URL_FIELDS_DEFAULTS_NOTE,
  URL_FIELDS_LIMIT_TEXT,
  USE_ACCOUNT_DEFAULTS_LABEL,
} from './trackingTexts';

const accountTags: BrowserTracking = {
  gtmContainerId: 'GTM-ACC0UNT',
  ga4MeasurementId: '',
  metaPixelId: '123456789012345',
  askConsent: true,
};

function serve(quiz: Quiz, defaults: BrowserTracking = accountTags) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    on(getTrackingDefaultsEndpoint, defaults),
  ]);
}

async function openTab(quiz: Quiz, defaults?: BrowserTracking) {
  const fetchMock = serve({ ...quiz, id: '7' }, defaults);
  renderApp('/quizzes/7/tracking');
  expect(await screen.findByRole('heading', { name: 'Tracking', level: 1 })).toBeTruthy();
  return fetchMock;
}

/** Saves through the top bar and answers the quiz the editor sent. */
async function savedQuiz(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Quiz has been saved.');
  const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
  return put?.body as Quiz;
}

const urlFieldNames = () =>
  within(screen.getByRole('list', { name: 'URL Fields' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
const nameInput = () => screen.getByRole('textbox', { name: NEW_URL_FIELD_LABEL }) as HTMLInputElement;
const addButton = () => screen.getByRole('button', { name: ADD_URL_FIELD_LABEL }) as HTMLButtonElement;
const urlField = (name: string) => screen.getByRole('listitem', { name });

function typeName(name: string) {
  fireEvent.change(nameInput(), { target: { value: name } });
}

describe('the Tracking tab', () => {
  it('sits after Scripts in the quiz editor', async () => {
    await openTab(sampleQuiz());
    const tabs = within(screen.getByRole('navigation', { name: 'Quiz editor' })).getAllByRole('link');
    const labels = tabs.map((tab) => tab.textContent);
    expect(labels.slice(labels.indexOf('Scripts'), labels.indexOf('Scripts') + 2)).toEqual([
      'Scripts',
      'Tracking',
    ]);
    expect(screen.getByRole('link', { name: 'Tracking' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('URL Fields', () => {
  it('shows the defaults until changed, and keeps the list once one is removed', async () => {
    const fetchMock = await openTab(sampleQuiz());
    expect(urlFieldNames()).toEqual([...DEFAULT_URL_FIELDS]);
    expect(screen.getByText(URL_FIELDS_DEFAULTS_NOTE)).toBeTruthy();
    expect((screen.getByRole('button', { name: RESET_URL_FIELDS_LABEL }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    fireEvent.click(screen.getByRole('button', { name: removeUrlFieldLabel('utm_term') }));
    const kept = DEFAULT_URL_FIELDS.filter((name) => name !== 'utm_term');
    expect(urlFieldNames()).toEqual(kept);
    expect(screen.queryByText(URL_FIELDS_DEFAULTS_NOTE)).toBeNull();
    expect((await savedQuiz(fetchMock)).urlFields).toEqual(kept.map((name) => ({ name })));
  });

  const errorOfName = () => {
    const ids = (nameInput().getAttribute('aria-describedby') ?? '').split(' ');
    return ids
      .map((id) => document.getElementById(id)?.textContent)
      .find((text) => text !== URL_FIELDS_LIMIT_TEXT);
  };

  it('refuses a name that is not one or is listed already', async () => {
    await openTab(sampleQuiz());
    fireEvent.click(addButton());
    expect(errorOfName()).toBe(URL_FIELD_NAME_TEXT);
    typeName('my ref');
    expect(errorOfName()).toBe(URL_FIELD_NAME_TEXT);
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    typeName('gclid');
    expect(errorOfName()).toBe(DUPLICATE_URL_FIELD_TEXT);
    fireEvent.click(addButton());
    expect(urlFieldNames()).toEqual([...DEFAULT_URL_FIELDS]);
  });

  it('adds a parameter with the button or Enter', async () => {
    const fetchMock = await openTab(sampleQuiz());
    typeName('ref');
    expect(errorOfName()).toBeUndefined();
    fireEvent.click(addButton());
    expect(urlFieldNames()).toEqual([...DEFAULT_URL_FIELDS, 'ref']);
    expect(nameInput().value).toBe('');
    // Enter in the name adds too.
    typeName('partner.id');
    fireEvent.submit(nameInput());
    expect(urlFieldNames()).toEqual([...DEFAULT_URL_FIELDS, 'ref', 'partner.id']);

    expect((await savedQuiz(fetchMock)).urlFields).toEqual(
      [...DEFAULT_URL_FIELDS, 'ref', 'partner.id'].map((name) => ({ name })),
    );
  });

  it(`says a quiz keeps at most ${MAX_URL_FIELDS} and adds no more`, async () => {
    const full = Array.from({ length: MAX_URL_FIELDS }, (_, index) => ({ name: `p${index + 1}` }));
    await openTab(sampleQuiz({ urlFields: full }));
    // Said under the name, and as the disabled button's reason.
    expect(screen.getAllByText(URL_FIELDS_LIMIT_TEXT).filter((text) => !text.hidden)).toHaveLength(1);
    expect(addButton().disabled).toBe(true);
    expect(addButton().title).toBe(URL_FIELDS_LIMIT_TEXT);
    expect(nameInput().disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: removeUrlFieldLabel('p20') }));
    expect(addButton().disabled).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(nameInput()));
    typeName('ref');
    fireEvent.click(addButton());
    expect(urlFieldNames()).toHaveLength(MAX_URL_FIELDS);
    expect(addButton().disabled).toBe(true);
  });

  it('goes back to the defaults, and says when no parameter is kept', async () => {
    const fetchMock = await openTab(sampleQuiz({ urlFields: [{ name: 'ref', serviceField: 'REF' }] }));
    expect(urlFieldNames()).toEqual(['ref']);
    fireEvent.click(screen.getByRole('button', { name: removeUrlFieldLabel('ref') }));
    expect(screen.queryByRole('list', { name: 'URL Fields' })).toBeNull();
    expect(screen.getByText('No address parameters are kept.')).toBeTruthy();
    expect((await savedQuiz(fetchMock)).urlFields).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: RESET_URL_FIELDS_LABEL }));
    expect(urlFieldNames()).toEqual([...DEFAULT_URL_FIELDS]);
    const saved = await savedQuiz(fetchMock);
    expect('urlFields' in saved).toBe(false);
  });

  it("maps a parameter to the email service's field, as the capture form's fields are", async () => {
    const fetchMock = await openTab(
      sampleQuiz({
        leadCaptureSettings: { ...defaultLeadCaptureSettings(), type: 'api', targetServiceName: 'mailchimp' },
        urlFields: [{ name: 'ref' }, { name: 'gclid', serviceField: 'GCLID' }],
      }),
    );
    const serviceField = (name: string) =>
      within(urlField(name)).getByRole('textbox', { name: 'Email service field' }) as HTMLInputElement;
    expect(serviceField('gclid').value).toBe('GCLID');
    expect(urlField('ref').textContent).toContain('The merge tag, e.g. PHONE.');
    fireEvent.change(serviceField('ref'), { target: { value: 'REFERRER' } });
    fireEvent.change(serviceField('gclid'), { target: { value: '' } });
    expect((await savedQuiz(fetchMock)).urlFields).toEqual([
      { name: 'ref', serviceField: 'REFERRER' },
      { name: 'gclid' },
    ]);
  });

  it("maps a parameter to one of the HTML form's fields", async () => {
    const fetchMock = await openTab(
      sampleQuiz({
        leadCaptureSettings: {
          ...defaultLeadCaptureSettings(),
          type: 'html-form',
          htmlFormSettings: {
            htmlFormId: null,
            formData: {
              method: 'post',
              action: 'https://forms.example/join',
              fields: [
                { name: 'source', type: 'hidden', value: '', label: '' },
                { name: 'email', type: 'email', value: '', label: 'Email' },
              ],
              submit: { name: 'subscribe', value: 'Join' },
            },
            fieldMappings: { name: null, email: 'email', checkboxes: [] },
          },
        },
        urlFields: [{ name: 'utm_source' }],
      }),
    );
    fireEvent.click(within(urlField('utm_source')).getByRole('combobox', { name: 'HTML form field' }));
    fireEvent.click(screen.getByRole('option', { name: 'source' }));
    expect((await savedQuiz(fetchMock)).urlFields).toEqual([{ name: 'utm_source', htmlFormField: 'source' }]);
  });
});

describe('Browser Tags', () => {
  const idField = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
  const gtm = () => idField('Google Tag Manager container ID');
  const ga4 = () => idField('Google Analytics 4 measurement ID');
  const meta = () => idField('Meta Pixel ID');

  it("follows the account's defaults, shown read-only with the way to set them", async () => {
    await openTab(sampleQuiz());
    const toggle = screen.getByRole('switch', { name: USE_ACCOUNT_DEFAULTS_LABEL });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    const section = screen.getByRole('region', { name: 'Browser Tags' });
    await waitFor(() => expect(within(section).queryAllByRole('definition')).toHaveLength(3));
    expect(
      within(section)
        .getAllByRole('term')
        .map((label) => label.textContent),
    ).toEqual(['Google Tag Manager container ID', 'Google Analytics 4 measurement ID', 'Meta Pixel ID']);
    expect(
      within(section)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['GTM-ACC0UNT', 'Off', '123456789012345']);
    expect(screen.getByText('Asks visitors for consent first')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Google Tag Manager container ID' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Scripts page' }).getAttribute('href')).toBe('/scripts');
  });

  it('says so when the account has no tags', async () => {
    await openTab(sampleQuiz(), NO_BROWSER_TRACKING);
    expect(await screen.findByText('The account has no tags set, so none are turned on.')).toBeTruthy();
  });

  it("saves only whole IDs of the quiz's own, and says why one is not", async () => {
    const fetchMock = await openTab(sampleQuiz());
    fireEvent.click(screen.getByRole('switch', { name: USE_ACCOUNT_DEFAULTS_LABEL }));
    expect(screen.queryAllByRole('definition')).toEqual([]);
    expect([gtm().value, ga4().value, meta().value]).toEqual(['', '', '']);

    fireEvent.change(gtm(), { target: { value: 'GTM-12' } });
    // Not said while typing, only once the field is left.
    expect(gtm().getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(gtm());
    expect(screen.getByText(GTM_CONTAINER_ID_TEXT)).toBeTruthy();
    fireEvent.change(meta(), { target: { value: '1234' } });
    fireEvent.blur(meta());
    expect(screen.getByText(META_PIXEL_ID_TEXT)).toBeTruthy();
    // Only whole IDs reach the quiz: what is not one is kept in the field, not saved.
    expect((await savedQuiz(fetchMock)).tracking).toEqual({
      useAccountDefaults: false,
      own: NO_BROWSER_TRACKING,
    });
    expect(gtm().value).toBe('GTM-12');
  });

  it("saves the quiz's own IDs as stored, and keeps them while the quiz follows the account", async () => {
    const fetchMock = await openTab(
      sampleQuiz({ tracking: { useAccountDefaults: false, own: NO_BROWSER_TRACKING } }),
    );
    fireEvent.change(gtm(), { target: { value: 'GTM-12' } });
    fireEvent.blur(gtm());
    expect(screen.getByText(GTM_CONTAINER_ID_TEXT)).toBeTruthy();
    fireEvent.change(gtm(), { target: { value: ' gtm-abc1234 ' } });
    expect(screen.queryByText(GTM_CONTAINER_ID_TEXT)).toBeNull();
    fireEvent.blur(gtm());
    expect(gtm().value).toBe('GTM-ABC1234');
    fireEvent.change(ga4(), { target: { value: 'G-ABC123DEF4' } });
    fireEvent.change(meta(), { target: { value: '1234567890123456' } });
    fireEvent.click(screen.getByRole('switch', { name: ASK_CONSENT_LABEL }));
    expect((await savedQuiz(fetchMock)).tracking).toEqual({
      useAccountDefaults: false,
      own: {
        gtmContainerId: 'GTM-ABC1234',
        ga4MeasurementId: 'G-ABC123DEF4',
        metaPixelId: '1234567890123456',
        askConsent: true,
      },
    });

    // Back to the account's: the quiz's own IDs stay in the document for next time.
    fireEvent.click(screen.getByRole('switch', { name: USE_ACCOUNT_DEFAULTS_LABEL }));
    const saved = await savedQuiz(fetchMock);
    expect(saved.tracking?.useAccountDefaults).toBe(true);
    expect(saved.tracking?.own.gtmContainerId).toBe('GTM-ABC1234');
    fireEvent.click(screen.getByRole('switch', { name: USE_ACCOUNT_DEFAULTS_LABEL }));
    expect(gtm().value).toBe('GTM-ABC1234');
  });

  it('shows the IDs undone from outside the fields, keeping what is still being typed elsewhere', async () => {
    await openTab(
      sampleQuiz({
        tracking: {
          useAccountDefaults: false,
          own: { ...NO_BROWSER_TRACKING, metaPixelId: '123456789012345' },
        },
      }),
    );
    fireEvent.change(meta(), { target: { value: '999999999999999' } });
    fireEvent.change(gtm(), { target: { value: 'GTM-ABC1234' } });
    fireEvent.change(ga4(), { target: { value: 'G-1' } });
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(meta().value).toBe('123456789012345'));
    expect(gtm().value).toBe('');
    expect(ga4().value).toBe('G-1');
  });

  it('says which events are sent, when changes go live, and where server-side conversions are', async () => {
    await openTab(sampleQuiz());
    for (const event of [
      'quiz_view',
      'quiz_start',
      'question_answered',
      'lead_submitted',
      'Lead',
      'generate_lead',
      'quiz_complete',
      'CompleteRegistration',
    ]) {
      expect(TRACKING_EVENTS_NOTE).toContain(event);
    }
    expect(screen.getByText(TRACKING_EVENTS_NOTE)).toBeTruthy();
    expect(screen.getByText(TRACKING_REPUBLISH_NOTE)).toBeTruthy();
    const conversions = screen.getByRole('link', { name: 'Capture Form ▸ Form Integrations' });
    expect(conversions.getAttribute('href')).toBe('/quizzes/7/capture-form');
    expect(conversions.parentElement?.textContent).toContain('Meta Conversions API');
  });
});
