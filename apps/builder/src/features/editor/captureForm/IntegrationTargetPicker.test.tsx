import { meEndpoint } from '@quizbeam/contracts/auth';
import { listHtmlFormsEndpoint } from '@quizbeam/contracts/htmlForms';
import {
  type Connection,
  connectionTargetsEndpoint,
  listActiveConnectionsEndpoint,
} from '@quizbeam/contracts/integrations';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { listWebhooksEndpoint } from '@quizbeam/contracts/webhooks';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { CONNECTION_FIRST_TEXT } from './IntegrationTargetPicker';

const newsletter: Connection = {
  id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  displayName: 'Newsletter',
  serviceName: 'mailchimp',
  state: 'active',
};
const shop: Connection = {
  id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  displayName: 'Shop',
  serviceName: 'convertkit',
  state: 'active',
};
const audiences = [
  { id: 'aud-1', displayName: 'Dog lovers' },
  { id: 'aud-2', displayName: 'Cat lovers' },
];

function serve(quiz: Quiz, routes: FakeRoute[] = []) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    on(listHtmlFormsEndpoint, []),
    on(listWebhooksEndpoint, []),
    on(listActiveConnectionsEndpoint, { items: [newsletter, shop] }, { account: 'account-1' }),
    on(connectionTargetsEndpoint, { targets: audiences }, { service: 'mailchimp', id: newsletter.id }),
    ...routes,
  ]);
}

async function choose(dropdownName: string, optionName: string, container: HTMLElement = document.body) {
  fireEvent.click(await within(container).findByRole('combobox', { name: dropdownName }));
  fireEvent.click(screen.getByRole('option', { name: optionName }));
}

async function savedBody(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Quiz has been saved.');
  return receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7')?.body as Quiz;
}

describe('Capture Form: an integration as the destination', () => {
  it('lists the active connections and the chosen one’s lists, and saves the choice', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/capture-form');
    fireEvent.click(await screen.findByRole('combobox', { name: 'Connection' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a connection',
      'Newsletter (MailChimp)',
      'Shop (ConvertKit)',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Newsletter (MailChimp)' }));
    await choose('List', 'Cat lovers');
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings).toMatchObject({
      type: 'api',
      connectionId: newsletter.id,
      targetServiceName: 'mailchimp',
      targetId: 'aud-2',
    });
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain(
      `GET /accounts/account-1/autoresponders/mailchimp/${newsletter.id}/targets`,
    );
  });

  it('shows the server’s words when the lists cannot be had', async () => {
    serve(sampleQuiz({ id: '7' }), [
      on(
        connectionTargetsEndpoint,
        answerWith(502, { error: 'ConvertKit refused the API secret: reconnect it.', code: 'internal' }),
        { service: 'convertkit' },
      ),
    ]);
    renderApp('/quizzes/7/capture-form');
    await choose('Connection', 'Shop (ConvertKit)');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'ConvertKit refused the API secret: reconnect it.',
    );
    expect(screen.queryByRole('combobox', { name: 'List' })).toBeNull();
  });

  it('gives each outcome its own list of the quiz’s connection with Segment by Outcome', async () => {
    const quiz = { ...buildQuiz({ type: 'general', outcomes: ['Beagle', 'Poodle'] }).quiz, id: '7' };
    const fetchMock = serve(quiz);
    renderApp('/quizzes/7/capture-form');
    fireEvent.click(await screen.findByRole('switch', { name: 'Segment by Outcome' }));
    const beagle = screen.getByRole('region', { name: 'Outcome 1: Beagle' });
    const poodle = screen.getByRole('region', { name: 'Outcome 2: Poodle' });
    expect(within(beagle).getByText(CONNECTION_FIRST_TEXT)).toBeTruthy();
    expect(within(beagle).queryByRole('combobox', { name: 'Connection' })).toBeNull();
    await choose('Connection', 'Newsletter (MailChimp)');
    await choose('List', 'Dog lovers', beagle);
    await choose('List', 'Cat lovers', poodle);
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings).toMatchObject({
      usePerOutcomeSettings: true,
      connectionId: newsletter.id,
      targetServiceName: 'mailchimp',
    });
    expect(saved.outcomes.map((outcome) => outcome.leadCaptureSettings.targetId)).toEqual(['aud-1', 'aud-2']);
    const targetCalls = receivedCalls(fetchMock).filter((call) => call.route.endsWith('/targets'));
    expect(targetCalls).toHaveLength(1);
  });

  it('clears the chosen lists when the connection changes', async () => {
    const quiz = sampleQuiz({ id: '7' });
    quiz.leadCaptureSettings = {
      ...quiz.leadCaptureSettings,
      connectionId: newsletter.id,
      targetServiceName: 'mailchimp',
      targetId: 'aud-1',
    };
    const fetchMock = serve(quiz, [
      on(
        connectionTargetsEndpoint,
        { targets: [{ id: 'form-9', displayName: 'Shop form' }] },
        { service: 'convertkit' },
      ),
    ]);
    renderApp('/quizzes/7/capture-form');
    expect((await screen.findByRole('combobox', { name: 'List' })).textContent).toContain('Dog lovers');
    await choose('Connection', 'Shop (ConvertKit)');
    expect((await screen.findByRole('combobox', { name: 'List' })).textContent).toContain('Choose a list');
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings).toMatchObject({
      connectionId: shop.id,
      targetServiceName: 'convertkit',
      targetId: null,
    });
  });
});
