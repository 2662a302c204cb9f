import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  type BrowserTracking,
  GA4_MEASUREMENT_ID_TEXT,
  GTM_CONTAINER_ID_TEXT,
  META_PIXEL_ID_TEXT,
  NO_BROWSER_TRACKING,
} from '@quizbeam/contracts/measurement';
import {
  getTrackingDefaultsEndpoint,
  saveTrackingDefaultsEndpoint,
  TRACKING_DEFAULTS_SAVED_TEXT,
} from '@quizbeam/contracts/trackingDefaults';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { ASK_CONSENT_LABEL } from '../editor/tracking/trackingTexts';
import { TRACKING_DEFAULTS_TITLE } from './scriptTexts';

const stored: BrowserTracking = {
  gtmContainerId: 'GTM-ABC1234',
  ga4MeasurementId: '',
  metaPixelId: '123456789012345',
  askConsent: false,
};

/** The account's Scripts page over a fake server that stores what is saved (or answers `saveAnswer`). */
async function openPage({ saveAnswer }: { saveAnswer?: ReturnType<typeof answerWith> } = {}) {
  let defaults = stored;
  const fetchMock = routeFetch([
    on(meEndpoint, accountHolder()),
    on(getTrackingDefaultsEndpoint, () => ({ status: 200, body: defaults })),
    on(
      saveTrackingDefaultsEndpoint,
      saveAnswer ??
        (({ body }) => {
          defaults = body as BrowserTracking;
          return { status: 200, body: defaults };
        }),
    ),
  ]);
  renderApp('/scripts');
  const card = await screen.findByRole('region', { name: TRACKING_DEFAULTS_TITLE });
  await waitFor(() => expect(gtm().value).toBe('GTM-ABC1234'));
  return { card, fetchMock, saved: () => defaults };
}

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;
const gtm = () => field('Google Tag Manager container ID');
const ga4 = () => field('Google Analytics 4 measurement ID');
const meta = () => field('Meta Pixel ID');
const type = (input: HTMLInputElement, value: string) => fireEvent.change(input, { target: { value } });
const saves = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock).filter((call) => call.route === 'PUT /api/account/tracking');

describe('Tracking Defaults on the account Scripts page', () => {
  it('shows the saved defaults and saves the changed ones', async () => {
    const { card, fetchMock, saved } = await openPage();
    expect([gtm().value, ga4().value, meta().value]).toEqual(['GTM-ABC1234', '', '123456789012345']);
    const consent = within(card).getByRole('switch', { name: ASK_CONSENT_LABEL });
    expect(consent.getAttribute('aria-checked')).toBe('false');

    type(gtm(), '');
    type(ga4(), ' g-abc123def4 ');
    fireEvent.click(consent);
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tracking defaults have been saved.')).toBeTruthy();
    expect(saves(fetchMock).map((call) => call.body)).toEqual([
      {
        gtmContainerId: '',
        ga4MeasurementId: 'G-ABC123DEF4',
        metaPixelId: '123456789012345',
        askConsent: true,
      },
    ]);
    expect(saved().ga4MeasurementId).toBe('G-ABC123DEF4');
    await waitFor(() => expect(ga4().value).toBe('G-ABC123DEF4'));
    expect(consent.getAttribute('aria-checked')).toBe('true');
  });

  it('says why an ID is not one when the field is left, and saves nothing until each is', async () => {
    const { card, fetchMock } = await openPage();
    type(gtm(), 'GTM-1');
    expect(screen.queryByText(GTM_CONTAINER_ID_TEXT)).toBeNull();
    fireEvent.blur(gtm());
    expect(screen.getByText(GTM_CONTAINER_ID_TEXT)).toBeTruthy();
    expect(gtm().getAttribute('aria-invalid')).toBe('true');

    // Save says it for every field, left or not, and sends nothing.
    type(ga4(), 'UA-1234-1');
    type(meta(), '12345');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(screen.getByText(GA4_MEASUREMENT_ID_TEXT)).toBeTruthy();
    expect(screen.getByText(META_PIXEL_ID_TEXT)).toBeTruthy();
    expect(saves(fetchMock)).toEqual([]);
    expect(screen.queryByText(TRACKING_DEFAULTS_SAVED_TEXT)).toBeNull();

    // A changed text is not an error until it is checked again; fixed ones are saved.
    type(gtm(), 'GTM-ABC12345');
    expect(screen.queryByText(GTM_CONTAINER_ID_TEXT)).toBeNull();
    type(ga4(), '');
    type(meta(), '1234567890123456');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TRACKING_DEFAULTS_SAVED_TEXT)).toBeTruthy();
    expect(saves(fetchMock).map((call) => call.body)).toEqual([
      {
        gtmContainerId: 'GTM-ABC12345',
        ga4MeasurementId: '',
        metaPixelId: '1234567890123456',
        askConsent: false,
      },
    ]);
  });

  it('keeps what was typed and shows the default error when saving fails', async () => {
    const { card } = await openPage({
      saveAnswer: answerWith(500, { error: 'Something went wrong on our side.', code: 'internal' }),
    });
    type(meta(), '999999999999999');
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(meta().value).toBe('999999999999999');
    expect(screen.queryByText(TRACKING_DEFAULTS_SAVED_TEXT)).toBeNull();
  });

  it('starts with every tag off for an account that never saved any', async () => {
    routeFetch([on(meEndpoint, accountHolder()), on(getTrackingDefaultsEndpoint, NO_BROWSER_TRACKING)]);
    renderApp('/scripts');
    await screen.findByRole('region', { name: TRACKING_DEFAULTS_TITLE });
    await waitFor(() => expect(gtm().disabled).toBe(false));
    expect([gtm().value, ga4().value, meta().value]).toEqual(['', '', '']);
  });
});
