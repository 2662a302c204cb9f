import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  FAKE_GA4_API_SECRET,
  FAKE_GA4_MEASUREMENT_ID,
} from '../../apps/server/src/features/integrations/fakes/fakeGa4';
import {
  FAKE_META_ACCESS_TOKEN,
  FAKE_META_PIXEL_ID,
} from '../../apps/server/src/features/integrations/fakes/fakeMetaConversions';
import { chooseOption, saveQuizInEditor } from './editorSupport';

/* The marketer's measurement set-up in the builder, as the measurement journeys take it step by step. */

/** Tracking tab: the quiz's own GTM, GA4 and Meta IDs, no consent question, and `ref` kept as a URL field. */
export async function turnOnTags(page: Page, appUrl: string, quizId: string, gtmContainerId: string) {
  await page.goto(`${appUrl}/quizzes/${quizId}/tracking`);
  const accountDefaults = page.getByRole('switch', { name: "Use the account's defaults" });
  await accountDefaults.click();
  expect(await accountDefaults.getAttribute('aria-checked')).toBe('false');
  await page.getByLabel('Google Tag Manager container ID', { exact: true }).fill(gtmContainerId);
  await page.getByLabel('Google Analytics 4 measurement ID', { exact: true }).fill(FAKE_GA4_MEASUREMENT_ID);
  await page.getByLabel('Meta Pixel ID', { exact: true }).fill(FAKE_META_PIXEL_ID);
  const askConsent = page.getByRole('switch', { name: 'Ask visitors for consent before tracking' });
  expect(await askConsent.getAttribute('aria-checked')).toBe('false');
  await page.getByLabel('Parameter name', { exact: true }).fill('ref');
  await page.getByRole('button', { name: 'Add URL Field' }).click();
  await page
    .getByRole('list', { name: 'URL Fields' })
    .getByRole('heading', { name: 'ref', exact: true })
    .waitFor();
  await saveQuizInEditor(page);
}

/** Integrations: a Meta Conversions API and a GA4 Measurement Protocol stream (the fakes' credentials), a webhook. */
export async function addDestinations(
  page: Page,
  appUrl: string,
  names: { meta: string; ga4: string; webhook: string },
  webhookUrl: string,
) {
  await page.goto(`${appUrl}/integrations`);
  const conversionApis = page.getByRole('region', { name: 'Conversion APIs' });

  await conversionApis.getByRole('button', { name: 'Add Conversion API' }).click();
  const metaForm = page.getByRole('dialog', { name: 'Add Conversion API' });
  await metaForm.getByLabel('Name', { exact: true }).fill(names.meta);
  await metaForm.getByLabel('Pixel ID', { exact: true }).fill(FAKE_META_PIXEL_ID);
  await metaForm.getByLabel('Access token', { exact: true }).fill(FAKE_META_ACCESS_TOKEN);
  await metaForm.getByRole('button', { name: 'Save' }).click();
  await conversionApis.getByRole('list', { name: 'Conversion APIs' }).getByText(names.meta).waitFor();

  await conversionApis.getByRole('button', { name: 'Add Conversion API' }).click();
  const ga4Form = page.getByRole('dialog', { name: 'Add Conversion API' });
  await chooseOption(page, ga4Form, 'Platform', 'Google Analytics 4');
  await ga4Form.getByLabel('Name', { exact: true }).fill(names.ga4);
  await ga4Form.getByLabel('Measurement ID', { exact: true }).fill(FAKE_GA4_MEASUREMENT_ID);
  await ga4Form.getByLabel('API secret', { exact: true }).fill(FAKE_GA4_API_SECRET);
  await ga4Form.getByRole('button', { name: 'Save' }).click();
  await conversionApis.getByRole('list', { name: 'Conversion APIs' }).getByText(names.ga4).waitFor();

  await page.getByRole('button', { name: 'Add Webhook' }).click();
  const webhookForm = page.getByRole('dialog', { name: 'Add Webhook' });
  await webhookForm.getByLabel('Name', { exact: true }).fill(names.webhook);
  await webhookForm.getByLabel('URL', { exact: true }).fill(webhookUrl);
  await webhookForm.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('dialog', { name: `Secret of ${names.webhook}` })
    .getByRole('button', { name: 'Done' })
    .click();
}

/** Capture Form: capture on, the webhook and both conversion APIs ticked, an email for each new lead. */
export async function captureLeads(
  page: Page,
  appUrl: string,
  quizId: string,
  marketer: string,
  destinations: string[],
) {
  await page.goto(`${appUrl}/quizzes/${quizId}/capture-form`);
  await page.getByRole('switch', { name: 'Enable Lead Capture' }).click();
  for (const name of destinations) await page.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check();
  const newLeadEmails = page.getByRole('region', { name: 'New-Lead Emails' });
  await newLeadEmails.getByRole('radio', { name: 'An email for each new lead' }).check();
  await newLeadEmails.getByRole('list', { name: 'Recipients' }).getByText(marketer).waitFor();
  await saveQuizInEditor(page);
}
