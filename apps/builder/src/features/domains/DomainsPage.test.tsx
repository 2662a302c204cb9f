import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  addDomainEndpoint,
  type DnsRecord,
  domainDnsRecordsEndpoint,
  listDomainsEndpoint,
  removeDomainEndpoint,
} from '@quizbeam/contracts/domains';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

const apex = { id: 'd1', host: 'example.com', displayHost: 'example.com' };
const quiz = { id: 'd2', host: 'quiz.example.com', displayHost: 'quiz.example.com' };
/** An internationalised domain: stored by its ASCII (punycode) name, shown as typed. */
const books = { id: 'd3', host: 'xn--bcher-kva.example.com', displayHost: 'bücher.example.com' };
const URL_REDUCED_NOTE = 'Only the domain of that web address is kept.';
const DOMAIN_PARTS_ERROR = 'Use at most 3 parts, like quiz.example.com.';
const DOMAIN_CHARACTERS_ERROR = 'Use only letters, digits and hyphens between the dots.';

/** PUBLISH_URL on a host name, without PUBLISH_IPS. */
const cnameRecords: DnsRecord[] = [{ type: 'CNAME', value: 'quizzes.example.net' }];
/** PUBLISH_URL on an address, or PUBLISH_IPS set. */
const addressRecords: DnsRecord[] = [
  { type: 'A', value: '203.0.113.10' },
  { type: 'AAAA', value: '2001:db8::10' },
];

function domainInput() {
  return screen.getByLabelText('Enter Domain') as HTMLInputElement;
}

function shownHosts() {
  return within(screen.getByRole('list', { name: 'Domain List' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.domain-list__host')?.textContent);
}

/** Types one character at a time, each at the end, as a keyboard does. */
function typeDomain(text: string) {
  for (const character of text) {
    fireEvent.change(domainInput(), { target: { value: `${domainInput().value}${character}` } });
  }
}

function pasteDomain(text: string) {
  fireEvent.paste(domainInput(), { clipboardData: { getData: () => text } });
}

const addButton = () => screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;

async function openDomains(routes: FakeRoute[], dnsRecords = cnameRecords) {
  const fetchMock = routeFetch([
    on(meEndpoint, accountHolder()),
    on(domainDnsRecordsEndpoint, dnsRecords),
    ...routes,
  ]);
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
    expect(
      await screen.findByText(
        'Before adding a domain, go to your domain registrar and add a CNAME record for it with the value ' +
          'quizzes.example.net. DNS changes can take 10-20 minutes to take effect, sometimes up to 24 hours.',
      ),
    ).toBeTruthy();
    expect(addButton().disabled).toBe(true);
  });

  it('asks for A and AAAA records, never a CNAME to an address, when the publish host is addresses', async () => {
    await openDomains(
      [
        on(listDomainsEndpoint, []),
        on(addDomainEndpoint, answerWith(400, { error: 'Not yet.', code: 'domain_not_pointing' })),
      ],
      addressRecords,
    );
    const instruction = await screen.findByText(/^Before adding a domain, go to your domain registrar/);
    expect(instruction.textContent).toBe(
      'Before adding a domain, go to your domain registrar and add an A record for it with the value ' +
        '203.0.113.10 and an AAAA record for it with the value 2001:db8::10. DNS changes can take 10-20 ' +
        'minutes to take effect, sometimes up to 24 hours.',
    );
    typeDomain('example.com');
    fireEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: ADD_FAILED_TITLE });
    expect(dialog.textContent).toContain(
      'add an A record for example.com with the value 203.0.113.10 and an AAAA record for example.com with ' +
        'the value 2001:db8::10.',
    );
    expect(dialog.textContent).not.toContain('CNAME');
  });

  it('offers a CNAME or A/AAAA records when the publish host has both a name and addresses', async () => {
    await openDomains([on(listDomainsEndpoint, [])], [...cnameRecords, ...addressRecords]);
    const instruction = await screen.findByText(/^Before adding a domain, go to your domain registrar/);
    expect(instruction.textContent).toContain(
      'add a CNAME record for it with the value quizzes.example.net; or, for a domain without a subdomain ' +
        'such as example.com, an A record for it with the value 203.0.113.10 and an AAAA record',
    );
  });

  it('keeps a domain of 4 parts as typed and says what is wrong, sending nothing', async () => {
    const fetchMock = await openDomains([on(listDomainsEndpoint, [])]);
    typeDomain('quiz.brand.co.uk');
    expect(domainInput().value).toBe('quiz.brand.co.uk');
    expect(screen.getByText(DOMAIN_PARTS_ERROR)).toBeTruthy();
    expect(domainInput().getAttribute('aria-invalid')).toBe('true');
    expect(addButton().disabled).toBe(true);
    fireEvent.submit(addButton());
    expect(receivedCalls(fetchMock).some((call) => call.route === 'POST /api/domain')).toBe(false);
    // Removing the fourth part clears the error.
    fireEvent.change(domainInput(), { target: { value: 'quiz.brand.co' } });
    expect(screen.queryByText(DOMAIN_PARTS_ERROR)).toBeNull();
    expect(addButton().disabled).toBe(false);
  });

  it('keeps the domain of a pasted URL whole, without its scheme and path', async () => {
    await openDomains([on(listDomainsEndpoint, [])]);
    pasteDomain('http://www.example.co.uk/');
    expect(domainInput().value).toBe('www.example.co.uk');
    expect(screen.getByText(DOMAIN_PARTS_ERROR)).toBeTruthy();
    // Over the whole text, selected; a paste goes where the selection is.
    domainInput().setSelectionRange(0, domainInput().value.length);
    pasteDomain(' HTTPS://Quiz.Example.com:8443/landing?x=1 ');
    expect(domainInput().value).toBe('quiz.example.com');
    expect(screen.queryByText(DOMAIN_PARTS_ERROR)).toBeNull();
  });

  it('turns a pasted web address into its domain and says so, until the domain is edited', async () => {
    await openDomains([on(listDomainsEndpoint, [])]);
    expect(screen.queryByText(URL_REDUCED_NOTE)).toBeNull();
    pasteDomain('https://quiz.acme.com/path');
    expect(domainInput().value).toBe('quiz.acme.com');
    expect(screen.getByText(URL_REDUCED_NOTE)).toBeTruthy();
    expect(domainInput().getAttribute('aria-describedby')).toContain(
      screen.getByText(URL_REDUCED_NOTE).getAttribute('id'),
    );
    expect(domainInput().getAttribute('aria-invalid')).toBeNull();
    expect(addButton().disabled).toBe(false);
    typeDomain('x');
    expect(screen.queryByText(URL_REDUCED_NOTE)).toBeNull();
    // A plain domain pasted has nothing taken away, so nothing is said.
    domainInput().setSelectionRange(0, domainInput().value.length);
    pasteDomain(' Quiz.Acme.com ');
    expect(domainInput().value).toBe('quiz.acme.com');
    expect(screen.queryByText(URL_REDUCED_NOTE)).toBeNull();
  });

  it('says so too when leaving a field holding a typed web address', async () => {
    await openDomains([on(listDomainsEndpoint, [])]);
    typeDomain('quiz.acme.com/path');
    expect(screen.queryByText(URL_REDUCED_NOTE)).toBeNull();
    fireEvent.blur(domainInput());
    expect(domainInput().value).toBe('quiz.acme.com');
    expect(screen.getByText(URL_REDUCED_NOTE)).toBeTruthy();
  });

  it('accepts an internationalised domain as typed, and lists it as typed', async () => {
    let domains = [apex];
    const fetchMock = await openDomains([
      on(listDomainsEndpoint, () => ({ status: 200, body: domains })),
      on(addDomainEndpoint, () => {
        domains = [books, apex];
        return { status: 200, body: books };
      }),
    ]);
    await waitFor(() => expect(shownHosts()).toEqual(['example.com']));
    typeDomain('Bücher.example.com');
    expect(domainInput().value).toBe('bücher.example.com');
    expect(screen.queryByText(DOMAIN_CHARACTERS_ERROR)).toBeNull();
    expect(addButton().disabled).toBe(false);
    fireEvent.click(addButton());
    await waitFor(() => expect(shownHosts()).toEqual(['bücher.example.com', 'example.com']));
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/domain',
      body: { host: 'bücher.example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove bücher.example.com' }));
    expect(screen.getByRole('dialog').textContent).toContain(removeDomainText('bücher.example.com'));
  });

  it('still refuses what is not a letter, a digit, a hyphen or a dot, in any script', async () => {
    await openDomains([on(listDomainsEndpoint, [])]);
    typeDomain('☃.example.com');
    expect(screen.getByText(DOMAIN_CHARACTERS_ERROR)).toBeTruthy();
    expect(addButton().disabled).toBe(true);
    fireEvent.change(domainInput(), { target: { value: 'bücher.shop.example.com' } });
    expect(screen.getByText(DOMAIN_PARTS_ERROR)).toBeTruthy();
  });

  it('takes the domain out of a typed URL instead of gluing its parts together', async () => {
    const fetchMock = await openDomains([
      on(listDomainsEndpoint, []),
      on(addDomainEndpoint, ({ body }) => ({
        status: 200,
        body: {
          id: 'd9',
          host: (body as { host: string }).host,
          displayHost: (body as { host: string }).host,
        },
      })),
    ]);
    typeDomain('https://Quiz.example.com/landing?x=1');
    expect(domainInput().value).toBe('quiz.example.com/landing?x=1');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(domainInput().getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(domainInput());
    expect(domainInput().value).toBe('quiz.example.com');

    typeDomain('/page');
    fireEvent.click(addButton());
    await waitFor(() =>
      expect(receivedCalls(fetchMock)).toContainEqual({
        route: 'POST /api/domain',
        body: { host: 'quiz.example.com' },
      }),
    );
  });

  it('shows characters the rules refuse instead of dropping them', async () => {
    await openDomains([on(listDomainsEndpoint, [])]);
    typeDomain('my_quiz.example.com');
    expect(domainInput().value).toBe('my_quiz.example.com');
    expect(screen.getByText(DOMAIN_CHARACTERS_ERROR)).toBeTruthy();
    expect(addButton().disabled).toBe(true);
  });

  it('adds a domain, clears the input and refreshes the list', async () => {
    let domains = [apex];
    const fetchMock = await openDomains([
      on(listDomainsEndpoint, () => ({ status: 200, body: domains })),
      on(addDomainEndpoint, ({ body }) => {
        domains = [apex, quiz];
        return { status: 200, body: { ...quiz, host: (body as { host: string }).host } };
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

  it('explains an incomplete domain once submitted, without calling the server', async () => {
    const fetchMock = await openDomains([on(listDomainsEndpoint, [])]);
    typeDomain('example');
    expect(screen.queryByText('Enter a domain such as quiz.example.com.')).toBeNull();
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
    expect(dialog.textContent).toContain(notPointingText('quiz.example.com', cnameRecords));
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
    const remove = within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' });
    expect(remove.className).toContain('button--danger');
    fireEvent.click(remove);
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
