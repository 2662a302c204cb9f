import { listDomainsEndpoint } from '@quizbeam/contracts/domains';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, on, receivedCalls } from '../../test/fakeServer';
import {
  onPublish,
  PUBLISH_CALL,
  PUBLISH_URL,
  publishAnything,
  publishableQuiz,
  publishedQuiz,
  servePublishing,
} from '../../test/publishing';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { SAVING_TEXT } from '../editor/autosave/AutosaveStatus';
import {
  COMPLETE_TO_REPUBLISH_TEXT,
  HOST_WITH_PRODUCT_LABEL,
  moveNoticeText,
  NEEDS_QUESTION_AND_OUTCOME_TEXT,
} from './publishTexts';

/** Scored: outcome 2 lacks an interval end, question 2 has no text and no answers. */
function incompleteQuiz() {
  const built = buildQuiz({
    type: 'scored',
    outcomes: [
      { from: 0, to: 2 },
      { from: null, to: 5 },
    ],
    questions: [{ answers: [{ points: 1 }] }, { text: '', answers: [] }],
  });
  return { ...built, quiz: { ...built.quiz, id: '7', name: 'Dogs' } };
}

async function chooseDomain(label: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('combobox', { name: 'Domain' }));
  });
  await act(async () => {
    fireEvent.click(screen.getByRole('option', { name: label }));
  });
}

const pathField = () => screen.getByLabelText('Path') as HTMLInputElement;
/** The host the path follows, shown as the field's fixed start (and read as its description). */
const addressStart = () =>
  document.getElementById(pathField().getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

// The route loads the tab lazily; loading it once up front keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('./PublishTab');
});

describe('Publish tab', () => {
  it('lists incomplete outcomes and questions, and Complete opens the item in its tab', async () => {
    const { quiz, o, q } = incompleteQuiz();
    servePublishing(quiz);
    const router = renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Not ready to publish' })).toBeTruthy();
    expect(screen.getByText(NEEDS_QUESTION_AND_OUTCOME_TEXT)).toBeTruthy();
    const outcomes = screen.getByRole('list', { name: 'Incomplete Outcomes' });
    expect(outcomes.textContent).toBe('Outcome 2Set both ends of the score interval.Complete');
    expect(
      within(outcomes)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Complete Outcome 2']);
    const questions = screen.getByRole('list', { name: 'Incomplete Questions' });
    expect(within(questions).getByText('Question 2')).toBeTruthy();
    expect(within(questions).getByText('Enter the question text.')).toBeTruthy();
    expect(within(questions).getByText('Add at least one answer.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Complete Outcome 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/7/outcomes'));
    expect(router.state.location.state).toEqual({ selectItemId: o[1] });

    await act(() => router.navigate('/quizzes/7/publish'));
    fireEvent.click(await screen.findByRole('button', { name: 'Complete Question 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/7/questions'));
    expect(router.state.location.state).toEqual({ selectItemId: q[1] });
  });

  it('asks for at least one question and one outcome in a new quiz', async () => {
    servePublishing(sampleQuiz({ id: '7' }));
    const router = renderApp('/quizzes/7/publish');
    expect(await screen.findByText('Add at least one outcome.')).toBeTruthy();
    expect(screen.getByText('Add at least one question.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Domain' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Questions' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/7/questions'));
  });

  it("offers our host and the account's domains, and the choice is the quiz's domain", async () => {
    const fetchMock = servePublishing(publishableQuiz(), [onPublish(publishAnything)]);
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Ready to publish' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Domain' }).textContent).toContain('Host with Quizbeam');
    expect(pathField().value).toBe('');
    expect(addressStart()).toBe(`${PUBLISH_URL}/`);
    await waitFor(() =>
      expect(receivedCalls(fetchMock).map((call) => call.route)).toContain('GET /api/domain'),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('combobox', { name: 'Domain' }));
    });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      HOST_WITH_PRODUCT_LABEL,
      'quiz.example.com',
      'go.example.org',
    ]);
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'quiz.example.com' }));
    });
    expect(addressStart()).toBe('https://quiz.example.com/');
    expect(screen.getByText(SAVING_TEXT)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('status');
    const sent = receivedCalls(fetchMock).find((call) => call.route === PUBLISH_CALL)?.body as Quiz;
    expect(sent.domain).toBe('quiz.example.com');
  });

  it('shows an internationalised domain as typed, and publishes on it by its ASCII name', async () => {
    const fetchMock = servePublishing(publishableQuiz(), [
      on(listDomainsEndpoint, [
        { id: 'domain-3', host: 'xn--bcher-kva.example.com', displayHost: 'bücher.example.com' },
      ]),
      onPublish(publishAnything),
    ]);
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Ready to publish' })).toBeTruthy();
    await waitFor(() =>
      expect(receivedCalls(fetchMock).map((call) => call.route)).toContain('GET /api/domain'),
    );
    await chooseDomain('bücher.example.com');
    expect(screen.getByRole('combobox', { name: 'Domain' }).textContent).toContain('bücher.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('status');
    const sent = receivedCalls(fetchMock).find((call) => call.route === PUBLISH_CALL)?.body as Quiz;
    expect(sent.domain).toBe('xn--bcher-kva.example.com');
  });

  it('shows the path the quiz keeps when it was published before', async () => {
    servePublishing(
      publishableQuiz({
        publishedId: 'abc12345',
        publishedHost: 'quiz.example.com',
        domain: 'quiz.example.com',
      }),
    );
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Ready to publish' })).toBeTruthy();
    expect(pathField().value).toBe('abc12345');
    expect(addressStart()).toBe('https://quiz.example.com/');
    await chooseDomain(HOST_WITH_PRODUCT_LABEL);
    expect(addressStart()).toBe(`${PUBLISH_URL}/`);
  });

  it('keeps a chosen domain listed when the domains cannot be loaded, and says the load failed', async () => {
    servePublishing(publishableQuiz({ domain: 'old.example.com' }), [
      on(listDomainsEndpoint, answerWith(500, { error: 'Internal error.', code: 'internal' })),
    ]);
    renderApp('/quizzes/7/publish');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT));
    expect(screen.getByRole('combobox', { name: 'Domain' }).textContent).toContain('old.example.com');
  });

  it('shows a published quiz with its link, Republish, Unpublish and the embed code', async () => {
    servePublishing(publishedQuiz());
    renderApp('/quizzes/7/publish');
    const link = (await screen.findByRole('link', { name: `${PUBLISH_URL}/abc12345` })) as HTMLAnchorElement;
    expect(link.href).toBe(`${PUBLISH_URL}/abc12345`);
    expect(link.target).toBe('_blank');
    expect(screen.getByRole('button', { name: 'Republish' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect((screen.getByLabelText('Inline Embed Code') as HTMLTextAreaElement).value).toBe(
      `<div data-quizbeam-quiz="${PUBLISH_URL}/abc12345" style="width:100%"></div>\n<script src="${PUBLISH_URL}/_q/embed.js" async></script>`,
    );
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByText(/will redirect/)).toBeNull();
    await chooseDomain('go.example.org');
    expect(
      screen.getByText(
        `This quiz is live at ${PUBLISH_URL}/abc12345. After you republish, that address will redirect to ` +
          'https://go.example.org/abc12345, so existing links and embeds keep working.',
      ),
    ).toBeTruthy();
    await chooseDomain(HOST_WITH_PRODUCT_LABEL);
    expect(screen.queryByText(/will redirect/)).toBeNull();
  });

  it('says before Republish that the old address of a quiz moving between domains, or back, will redirect', async () => {
    servePublishing(publishedQuiz({ publishedHost: 'quiz.example.com', domain: 'quiz.example.com' }));
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('link', { name: 'https://quiz.example.com/abc12345' })).toBeTruthy();
    expect(screen.queryByText(/will redirect/)).toBeNull();
    await chooseDomain('go.example.org');
    expect(
      screen.getByText(
        moveNoticeText('https://quiz.example.com/abc12345', 'https://go.example.org/abc12345'),
      ),
    ).toBeTruthy();
    await chooseDomain(HOST_WITH_PRODUCT_LABEL);
    expect(
      screen.getByText(moveNoticeText('https://quiz.example.com/abc12345', `${PUBLISH_URL}/abc12345`)),
    ).toBeTruthy();
  });

  it('shows a custom-domain quiz at its domain, and blocks Republish while something is incomplete', async () => {
    const quiz = publishedQuiz({ publishedHost: 'quiz.example.com', domain: 'quiz.example.com' });
    servePublishing({ ...quiz, questions: quiz.questions.map((question) => ({ ...question, text: '' })) });
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('link', { name: 'https://quiz.example.com/abc12345' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Not ready to publish' })).toBeTruthy();
    const republish = screen.getByRole('button', { name: 'Republish' }) as HTMLButtonElement;
    expect(republish.disabled).toBe(true);
    expect(republish.title).toBe(COMPLETE_TO_REPUBLISH_TEXT);
    expect((screen.getByRole('button', { name: 'Unpublish' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
