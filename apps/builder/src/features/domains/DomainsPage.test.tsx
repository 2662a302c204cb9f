import { meEndpoint } from '@quizbeam/contracts/auth';
import { addDomainEndpoint, listDomainsEndpoint, removeDomainEndpoint } from '@quizbeam/contracts/domains';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FALLBACK_CLIENT_CONFIG } from '../../config/clientConfig';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { EMPTY_STATE_TEXT } from '../../ui/EmptyState';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import {
  ADD_FAILED_TITLE,
  DOMAIN_INPUT_HINT,
  DOMAIN_REMOVED_TEXT,
  DOMAIN_TAKEN_TITLE,
  domainTakenText,
  notPointingText,
  removeDomainText,
} from './domainTexts';

const apex = { id: 'd1', host: 'example.com' };
const quiz = { id: 'd2', host: 'quiz.example.com' };
const publishHostname = new URL(FALLBACK_CLIENT_CONFIG.publishUrl).hostname;

function domainInput() {
  return screen.getByLabelText('Enter Domain') as HTMLInputElement;
}

function shownHosts() {
  return within(screen.getByRole('list', { name: 'Domain List' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.domain-list__host')?.textContent);
}

async function openDomains(routes: FakeRoute[]) {
  const fetchMock = routeFetch([on(meEndpoint, accountHolder()), ...routes]);
  renderApp('/domains');
  expect(await screen.findByRole('heading', { name: 'Domains' })).toBeTruthy();
  return fetchMock;
}

describe('Domains', () => {
  it('shows the form, the CNAME instruction and the empty Domain List', async () => {
    await openDomains([on(listDomainsEndpoint, [])]);
    expect(await screen.findByText(EMPTY_STATE_TEXT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Domain List' })).toBeTruthy();
    expect(screen.getByText(DOMAIN_INPUT_HINT)).toBeTruthy();
    expect(screen.getByText(publishHostname, { selector: 'code' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('accepts only letters, digits, hyphens and dots, in at most 3 parts, while typing', async () => {
    await openDomains([on(listDomainsEndpoint, [])]);
    fireEvent.change(domainInput(), { target: { value: 'my_quiz!.example.com' } });
    expect(domainInput().value).toBe('myquiz.example.com');
    fireEvent.change(domainInput(), { target: { value: 'myquiz.example.com.' } });
    expect(domainInput().value).toBe('myquiz.example.com');
    fireEvent.change(domainInput(), { target: { value: 'https://quiz.example.com/page' } });
    expect(domainInput().value).toBe('quiz.example.com');
    expect((screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('adds a domain, clears the input and refreshes the list', async () => {
    let domains = [apex];
    const fetchMock = await openDomains([
      on(listDomainsEndpoint, () => ({ status: 200, body: domains })),
      on(addDomainEndpoint, ({ body }) => {
        domains = [apex, quiz];
        return { status: 200, body: { id: quiz.id, host: (body as { host: string }).host } };
      }),
    ]);
    await waitFor(() => expect(shownHosts()).toEqual(['example.com']));
    fireEvent.change(domainInput(), { target: { value: 'Quiz.Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(shownHosts()).toEqual(['example.com', 'quiz.example.com']));
    expect(domainInput().value).toBe('');
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/domain',
      body: { host: 'quiz.example.com' },
    });
  });

  it('explains an invalid domain without calling the server', async () => {
    const fetchMock = await openDomains([on(listDomainsEndpoint, [])]);
    fireEvent.change(domainInput(), { target: { value: 'example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Enter a domain such as quiz.example.com.')).toBeTruthy();
    expect(domainInput().getAttribute('aria-invalid')).toBe('true');
    expect(receivedCalls(fetchMock).some((call) => call.route === 'POST /api/domain')).toBe(false);
  });

  it("shows 'That didn't work' when the domain does not point at us yet, and keeps the input", async () => {
    await openDomains([
      on(listDomainsEndpoint, []),
      on(
        addDomainEndpoint,
        answerWith(400, {
          error: 'quiz.example.com does not point at Quizbeam yet.',
          code: 'domain_not_pointing',
        }),
      ),
    ]);
    fireEvent.change(domainInput(), { target: { value: 'quiz.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: ADD_FAILED_TITLE });
    expect(dialog.textContent).toContain(notPointingText('quiz.example.com'));
    expect(dialog.textContent).toContain('registrar');
    expect(dialog.textContent).toContain('10-20 minutes');
    expect(dialog.textContent).toContain('24 hours');
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(domainInput().value).toBe('quiz.example.com');
  });

  it('says so when another account already has the domain', async () => {
    await openDomains([
      on(listDomainsEndpoint, []),
      on(
        addDomainEndpoint,
        answerWith(409, { error: 'This domain is already added to another account.', code: 'conflict' }),
      ),
    ]);
    fireEvent.change(domainInput(), { target: { value: 'quiz.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: DOMAIN_TAKEN_TITLE });
    expect(dialog.textContent).toContain(domainTakenText('quiz.example.com'));
  });

  it('shows the default error for other failures', async () => {
    await openDomains([
      on(listDomainsEndpoint, []),
      on(
        addDomainEndpoint,
        answerWith(500, { error: 'Something went wrong on our side.', code: 'internal' }),
      ),
    ]);
    fireEvent.change(domainInput(), { target: { value: 'quiz.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a domain only after confirming that its quizzes are taken down', async () => {
    let domains = [apex, quiz];
    const fetchMock = await openDomains([
      on(listDomainsEndpoint, () => ({ status: 200, body: domains })),
      on(
        removeDomainEndpoint,
        () => {
          domains = [apex];
          return { status: 200, body: { ok: true } };
        },
        { id: 'd2' },
      ),
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove quiz.example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain(removeDomainText('quiz.example.com'));
    expect(dialog.textContent).toContain('taken down');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove quiz.example.com' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect((await screen.findByRole('status')).textContent).toBe(DOMAIN_REMOVED_TEXT);
    expect(shownHosts()).toEqual(['example.com']);
    expect(receivedCalls(fetchMock).map((call) => call.route)).toContain('DELETE /api/domain/d2');
  });

  it('shows the default error when the list cannot be loaded', async () => {
    await openDomains([on(listDomainsEndpoint, answerWith(500, { error: 'Down.', code: 'internal' }))]);
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.getByText(EMPTY_STATE_TEXT)).toBeTruthy();
  });
});
