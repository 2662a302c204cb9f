import { meEndpoint } from '@quizbeam/contracts/auth';
import { type ConversionApi, listConversionApisEndpoint } from '@quizbeam/contracts/conversionApis';
import { listHtmlFormsEndpoint } from '@quizbeam/contracts/htmlForms';
import { listActiveConnectionsEndpoint } from '@quizbeam/contracts/integrations';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { listWebhooksEndpoint } from '@quizbeam/contracts/webhooks';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeAnswer,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import {
  CONVERSION_APIS_NOTE,
  NO_CONVERSION_APIS_YET_TEXT,
  REMOVED_CONVERSION_API_LABEL,
} from './ConversionApiPicker';
import { CONVERSION_APIS_NOT_LOADED_TEXT } from './conversionApiTexts';

const pixel: ConversionApi = {
  id: '5b0e2a7c-9d4f-4e1a-8c3b-2f6d7e8a9b0c',
  platform: 'meta',
  name: 'Main pixel',
  platformId: '123456789012345',
  testEventCode: '',
  secretHint: '…9x2Q',
  createdAt: '2026-11-27T10:00:00.000Z',
  updatedAt: '2026-11-27T10:00:00.000Z',
};
const stream: ConversionApi = {
  ...pixel,
  id: '8c1d3e5f-7a9b-4c2d-9e0f-1a2b3c4d5e6f',
  platform: 'ga4',
  name: 'Website stream',
  platformId: 'G-ABC123DEF4',
};
const REMOVED_ID = '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b';

function serve(quiz: Quiz, conversionApis: ConversionApi[] | FakeAnswer) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    on(listHtmlFormsEndpoint, [], { account: 'account-1' }),
    on(listWebhooksEndpoint, [], { account: 'account-1' }),
    on(listActiveConnectionsEndpoint, { items: [] }, { account: 'account-1' }),
    Array.isArray(conversionApis)
      ? on(listConversionApisEndpoint, conversionApis)
      : on(listConversionApisEndpoint, () => conversionApis),
  ]);
}

function captureQuiz(conversionApiIds?: string[]): Quiz {
  const quiz = sampleQuiz({ id: '7' });
  return { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, conversionApiIds } };
}

const conversionApisBox = async () => {
  const legend = await screen.findByText('Conversion APIs', { selector: 'legend' });
  return legend.closest('fieldset') as HTMLElement;
};

async function savedSettings(fetchMock: ReturnType<typeof serve>) {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Quiz has been saved.');
  const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
  return (put?.body as Quiz | undefined)?.leadCaptureSettings;
}

describe('Capture Form ▸ Form Integrations: conversion APIs', () => {
  beforeAll(async () => {
    // The editor's route modules load on demand; their first load is slow on a busy machine.
    await Promise.all([import('../editor/QuizLayout'), import('../editor/captureForm/CaptureFormTab')]);
  }, 30_000);

  it('ticks the account’s conversion APIs a quiz sends each lead to, and saves them', async () => {
    const fetchMock = serve(captureQuiz(), [pixel, stream]);
    renderApp('/quizzes/7/capture-form');
    const box = await conversionApisBox();
    await within(box).findByText('Main pixel');
    expect(box.textContent).toContain(CONVERSION_APIS_NOTE);
    expect(box.textContent).toContain('Meta Conversions API · Pixel ID 123456789012345');
    expect(box.textContent).toContain('Google Analytics 4 · Measurement ID G-ABC123DEF4');
    fireEvent.click(within(box).getByRole('checkbox', { name: /Website stream/ }));
    fireEvent.click(within(box).getByRole('checkbox', { name: /Main pixel/ }));
    expect((within(box).getByRole('checkbox', { name: /Website stream/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((await savedSettings(fetchMock))?.conversionApiIds).toEqual([stream.id, pixel.id]);
  });

  it('keeps a chosen one that was removed listed, so that it can be unticked', async () => {
    const fetchMock = serve(captureQuiz([REMOVED_ID, pixel.id]), [pixel]);
    renderApp('/quizzes/7/capture-form');
    const box = await conversionApisBox();
    const removed = await within(box).findByRole('checkbox', { name: REMOVED_CONVERSION_API_LABEL });
    expect((removed as HTMLInputElement).checked).toBe(true);
    expect((within(box).getByRole('checkbox', { name: /Main pixel/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(removed);
    expect((await savedSettings(fetchMock))?.conversionApiIds).toEqual([pixel.id]);
  });

  it('links to Integrations when the account has none', async () => {
    serve(captureQuiz(), []);
    renderApp('/quizzes/7/capture-form');
    const box = await conversionApisBox();
    expect(await within(box).findByText(NO_CONVERSION_APIS_YET_TEXT)).toBeTruthy();
    expect(
      within(box)
        .getByRole('link', { name: 'Add Meta or Google Analytics 4 in Integrations' })
        .getAttribute('href'),
    ).toBe('/integrations');
  });

  it('says so in the panel when they cannot be loaded', async () => {
    serve(captureQuiz(), answerWith(500, { error: 'boom', code: 'internal' }));
    renderApp('/quizzes/7/capture-form');
    const box = await conversionApisBox();
    expect(await within(box).findByText(CONVERSION_APIS_NOT_LOADED_TEXT)).toBeTruthy();
  });
});
