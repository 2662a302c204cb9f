import type { NotPublishableBody } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { answerWith, type FakeAnswer, receivedCalls } from '../../test/fakeServer';
import {
  onPublish,
  onUnpublish,
  PUBLISH_CALL,
  PUBLISH_URL,
  publishAnything,
  publishableQuiz,
  publishedQuiz,
  servePublishing,
  UNPUBLISH_CALL,
} from '../../test/publishing';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import { ALL_SAVED_TEXT, SAVING_TEXT } from '../editor/autosave/AutosaveStatus';
import { LINK_COPIED_TEXT } from '../quizzes/ShareQuizModal';
import {
  CODE_COPIED_TEXT,
  HOST_WITH_PRODUCT_LABEL,
  QUIZ_PUBLISHED_TEXT,
  QUIZ_UNPUBLISHED_TEXT,
  UNPUBLISH_CONFIRMATION_TEXT,
} from './publishTexts';

/** Publish's refusal of an incomplete quiz, which it saved meanwhile under the next revision. */
const notPublishable = (quiz: Quiz) =>
  answerWith(400, {
    error: 'This quiz cannot be published yet.',
    code: 'not_publishable',
    incompleteItems: [
      { kind: 'question', id: quiz.questions[0]?.id ?? 0, rank: 1, reasons: ['Enter the question text.'] },
    ],
    revision: quiz.revision + 1,
  } satisfies NotPublishableBody);

async function renameQuiz(name: string) {
  fireEvent.click(await screen.findByRole('link', { name: 'Configure' }));
  fireEvent.change(await screen.findByLabelText('Quiz Name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('link', { name: 'Publish' }));
}

/** Unpublish, then the confirmation's own Unpublish button. */
async function unpublishAndConfirm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Unpublish' }));
  const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
}

// The route loads the tab lazily; loading it once up front keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('./PublishTab');
});

describe('Publish tab actions', () => {
  it('publishes the whole current quiz, stores the answer as saved and shows the live quiz', async () => {
    const fetchMock = servePublishing(publishableQuiz(), [onPublish(publishAnything)]);
    renderApp('/quizzes/7/publish');
    await renameQuiz('Dogs and Cats');
    expect(await screen.findByText(SAVING_TEXT)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_PUBLISHED_TEXT);
    const sent = receivedCalls(fetchMock).find((call) => call.route === PUBLISH_CALL)?.body;
    expect(sent).toEqual({ ...publishableQuiz(), name: 'Dogs and Cats' });
    expect(screen.getByRole('link', { name: `${PUBLISH_URL}/abc12345` })).toBeTruthy();
    expect(screen.getByText(ALL_SAVED_TEXT)).toBeTruthy();
    // Being live is the server's fact: undoing an edit does not make the quiz look unpublished.
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(screen.getByRole('link', { name: `${PUBLISH_URL}/abc12345` })).toBeTruthy();
  });

  it('lists the items the server says are incomplete, until the quiz changes', async () => {
    const quiz = publishableQuiz();
    servePublishing(quiz, [onPublish(notPublishable(quiz))]);
    renderApp('/quizzes/7/publish');
    const domainSelect = await screen.findByRole('combobox', { name: 'Domain' });
    await act(async () => {
      fireEvent.click(domainSelect);
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('option', { name: 'quiz.example.com' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('heading', { name: 'Not ready to publish' })).toBeTruthy();
    expect(screen.getByText('Question 1')).toBeTruthy();
    expect(screen.getByText('Enter the question text.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete Question 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(await screen.findByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Domain' }).textContent).toContain(HOST_WITH_PRODUCT_LABEL);
  });

  it("shows the server's text for another refusal and the default error for a failure", async () => {
    let answer: FakeAnswer = {
      status: 400,
      body: { error: 'The domain old.example.com is not one of your domains.', code: 'validation_failed' },
    };
    servePublishing(publishableQuiz(), [onPublish(() => answer)]);
    renderApp('/quizzes/7/publish');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The domain old.example.com is not one of your domains.',
    );
    answer = { status: 500, body: { error: 'Internal error.', code: 'internal' } };
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT));
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
  });

  it('republishes the current quiz', async () => {
    const fetchMock = servePublishing(publishedQuiz(), [onPublish(publishAnything)]);
    renderApp('/quizzes/7/publish');
    fireEvent.click(await screen.findByRole('button', { name: 'Republish' }));
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_PUBLISHED_TEXT);
    expect(receivedCalls(fetchMock).filter((call) => call.route === PUBLISH_CALL)).toHaveLength(1);
  });

  it('asks before unpublishing, and Cancel leaves the quiz live', async () => {
    const fetchMock = servePublishing(publishedQuiz(), [
      onUnpublish({ ...publishedQuiz(), isPublished: false }),
    ]);
    renderApp('/quizzes/7/publish');
    fireEvent.click(await screen.findByRole('button', { name: 'Unpublish' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(dialog).getByText(UNPUBLISH_CONFIRMATION_TEXT)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Cancel', 'Unpublish']);
    expect(receivedCalls(fetchMock).some((call) => call.route === UNPUBLISH_CALL)).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock).some((call) => call.route === UNPUBLISH_CALL)).toBe(false);
    expect(screen.getByRole('link', { name: `${PUBLISH_URL}/abc12345` })).toBeTruthy();

    await unpublishAndConfirm();
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_UNPUBLISHED_TEXT);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock).filter((call) => call.route === UNPUBLISH_CALL)).toHaveLength(1);
  });

  it('unpublishes and offers Publish again with the path the quiz keeps', async () => {
    const fetchMock = servePublishing(publishedQuiz(), [
      onUnpublish(({ body }) => ({ status: 200, body: { ...(body as Quiz), isPublished: false } })),
    ]);
    renderApp('/quizzes/7/publish');
    await unpublishAndConfirm();
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_UNPUBLISHED_TEXT);
    expect(receivedCalls(fetchMock).find((call) => call.route === UNPUBLISH_CALL)?.body).toEqual(
      publishedQuiz(),
    );
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: `${PUBLISH_URL}/abc12345` })).toBeNull();
    expect((screen.getByLabelText('Path') as HTMLInputElement).value).toBe('abc12345');
    expect(screen.getByText(ALL_SAVED_TEXT)).toBeTruthy();
  });

  it('keeps edits not saved yet when unpublishing, since unpublish does not store them', async () => {
    servePublishing(publishedQuiz(), [onUnpublish({ ...publishedQuiz(), isPublished: false })]);
    renderApp('/quizzes/7/publish');
    await renameQuiz('Renamed');
    await unpublishAndConfirm();
    expect((await screen.findByRole('status')).textContent).toBe(QUIZ_UNPUBLISHED_TEXT);
    expect(screen.getByText(SAVING_TEXT)).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Configure' }));
    expect(((await screen.findByLabelText('Quiz Name')) as HTMLInputElement).value).toBe('Renamed');
  });

  it('shows the default error when unpublishing fails, and the quiz stays published', async () => {
    servePublishing(publishedQuiz(), [
      onUnpublish(answerWith(500, { error: 'Internal error.', code: 'internal' })),
    ]);
    renderApp('/quizzes/7/publish');
    await unpublishAndConfirm();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT));
    expect(screen.getByRole('button', { name: 'Republish' })).toBeTruthy();
  });

  it('copies the link and the embed code, and reports a refused clipboard', async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    servePublishing(publishedQuiz());
    renderApp('/quizzes/7/publish');
    fireEvent.click(await screen.findByRole('button', { name: 'Copy Link' }));
    expect((await screen.findByRole('status')).textContent).toBe(LINK_COPIED_TEXT);
    expect(writeText).toHaveBeenLastCalledWith(`${PUBLISH_URL}/abc12345`);
    fireEvent.click(screen.getByRole('button', { name: 'Copy Code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(CODE_COPIED_TEXT));
    expect(writeText).toHaveBeenLastCalledWith(
      (screen.getByLabelText('Inline Embed Code') as HTMLTextAreaElement).value,
    );
    writeText.mockRejectedValueOnce(new Error('denied'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT));
  });
});
