import type { Quiz } from '@quizbeam/contracts/quiz';
import {
  changeQuizAddressEndpoint,
  QUIZ_PATH_FORMAT_MESSAGE,
  QUIZ_PATH_RESERVED_MESSAGE,
  QUIZ_PATH_TAKEN_MESSAGE,
  quizAddressAvailabilityEndpoint,
} from '@quizbeam/contracts/quizAddress';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerWith, type FakeAnswer, type FakeRequest, on, receivedCalls } from '../../test/fakeServer';
import {
  onPublish,
  PUBLISH_CALL,
  PUBLISH_URL,
  publishAnything,
  publishableQuiz,
  publishedQuiz,
  servePublishing,
} from '../../test/publishing';
import { renderApp } from '../../test/renderApp';
import {
  ADDRESS_AVAILABLE_TEXT,
  ADDRESS_SAVED_TEXT,
  OLD_ADDRESS_REDIRECTS_TEXT,
} from './PublishAddressField';

const ADDRESS_CALL = 'PUT /api/quizzes/7/address';

const pathField = () => screen.getByLabelText('Path') as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save address' }) as HTMLButtonElement;
const addressStart = () =>
  document.getElementById(pathField().getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

/** The server's availability: a path of another quiz is `coffee-taken`; the rest are free. */
const availability = ({ query }: FakeRequest): FakeAnswer => {
  const path = query.get('path') ?? '';
  return { status: 200, body: { path, available: path !== 'coffee-taken' } };
};

/** The server storing the path sent, on our host, for a quiz live or not. */
const storeAddress =
  (isPublished: boolean) =>
  ({ body }: FakeRequest): FakeAnswer => {
    const { path } = body as { path: string };
    return { status: 200, body: { publishedId: path, url: `${PUBLISH_URL}/${path}`, isPublished } };
  };

function serveAddress(quiz: Quiz, change = storeAddress(quiz.isPublished)) {
  return servePublishing(quiz, [
    on(quizAddressAvailabilityEndpoint, availability, { id: '7' }),
    on(changeQuizAddressEndpoint, change, { id: '7' }),
    onPublish(publishAnything),
  ]);
}

async function type(value: string) {
  await act(async () => {
    fireEvent.change(pathField(), { target: { value } });
  });
}

beforeAll(async () => {
  await import('./PublishTab');
});

describe("the Publish tab's address", () => {
  it('checks the path while typing, says whether it is free, saves it, and Publish uses it', async () => {
    const fetchMock = serveAddress(publishableQuiz({ publishedId: 'abc12345' }));
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Ready to publish' })).toBeTruthy();
    expect(pathField().value).toBe('abc12345');
    expect(addressStart()).toBe(`${PUBLISH_URL}/`);
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText(OLD_ADDRESS_REDIRECTS_TEXT)).toBeNull();

    await type('co');
    expect(screen.getByText(QUIZ_PATH_FORMAT_MESSAGE)).toBeTruthy();
    expect(pathField().getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
    await type('Admin');
    expect(screen.getByText(QUIZ_PATH_RESERVED_MESSAGE)).toBeTruthy();

    await type(' /Coffee-Taken');
    expect(await screen.findByText(QUIZ_PATH_TAKEN_MESSAGE)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    await type('coffee-finder');
    expect(await screen.findByText(ADDRESS_AVAILABLE_TEXT)).toBeTruthy();
    const checked = receivedCalls(fetchMock)
      .map((call) => call.route)
      .filter((route) => route.startsWith('GET /api/quizzes/7/address/availability'));
    // Asked once per pause, with the path as it is stored; never for the malformed or reserved ones.
    expect(checked).toEqual([
      'GET /api/quizzes/7/address/availability?path=coffee-taken',
      'GET /api/quizzes/7/address/availability?path=coffee-finder',
    ]);

    fireEvent.click(saveButton());
    expect(await screen.findByText(ADDRESS_SAVED_TEXT)).toBeTruthy();
    const sent = receivedCalls(fetchMock).filter((call) => call.route === ADDRESS_CALL);
    expect(sent.map((call) => call.body)).toEqual([{ path: 'coffee-finder' }]);
    expect(pathField().value).toBe('coffee-finder');
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText(ADDRESS_AVAILABLE_TEXT)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(receivedCalls(fetchMock).find((call) => call.route === PUBLISH_CALL)?.body).toMatchObject({
        publishedId: 'coffee-finder',
      }),
    );
  });

  it("shows the server's refusal under the field when the path was taken meanwhile", async () => {
    serveAddress(publishableQuiz({ publishedId: 'abc12345', domain: 'quiz.example.com' }), () =>
      answerWith(409, { error: QUIZ_PATH_TAKEN_MESSAGE, code: 'conflict' }),
    );
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('heading', { name: 'Ready to publish' })).toBeTruthy();
    expect(addressStart()).toBe('https://quiz.example.com/');
    await type('coffee-finder');
    await screen.findByText(ADDRESS_AVAILABLE_TEXT);
    fireEvent.click(saveButton());
    expect(await screen.findByText(QUIZ_PATH_TAKEN_MESSAGE)).toBeTruthy();
    expect(screen.queryByText(ADDRESS_SAVED_TEXT)).toBeNull();
    await type('coffee-finder-2');
    expect(screen.queryByText(QUIZ_PATH_TAKEN_MESSAGE)).toBeNull();
  });

  it('moves a live quiz: the link, the embed code and the QR code follow, and the old address keeps redirecting', async () => {
    const fetchMock = serveAddress(publishedQuiz());
    renderApp('/quizzes/7/publish');
    expect(await screen.findByRole('link', { name: `${PUBLISH_URL}/abc12345` })).toBeTruthy();
    expect(screen.getByText(OLD_ADDRESS_REDIRECTS_TEXT)).toBeTruthy();
    expect(pathField().value).toBe('abc12345');
    expect(addressStart()).toBe(`${PUBLISH_URL}/`);

    await type('coffee-quiz');
    await screen.findByText(ADDRESS_AVAILABLE_TEXT);
    // Enter in the field saves, as the button does.
    fireEvent.submit(pathField());
    expect(await screen.findByText(ADDRESS_SAVED_TEXT)).toBeTruthy();
    expect(receivedCalls(fetchMock).filter((call) => call.route === ADDRESS_CALL)).toHaveLength(1);
    expect(screen.getByRole('link', { name: `${PUBLISH_URL}/coffee-quiz` })).toBeTruthy();
    expect((screen.getByLabelText('Inline Embed Code') as HTMLTextAreaElement).value).toContain(
      `${PUBLISH_URL}/coffee-quiz`,
    );
    expect(await screen.findByRole('img', { name: `QR code of ${PUBLISH_URL}/coffee-quiz` })).toBeTruthy();
  });
});
