import { meEndpoint } from '@quizbeam/contracts/auth';
import { createImageEndpoint } from '@quizbeam/contracts/images';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { WEB_ADDRESS_SCHEME_TEXT } from '@quizbeam/contracts/webAddress';
import { backJumpingQuiz, buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { INVERTED_SCORE_RANGE_HINT } from './ScoreRangeFields';

function serve(quiz: Quiz, proVersion = false) {
  return routeFetch([
    on(meEndpoint, accountHolder({ proVersion })),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
  ]);
}

/** What typing does to the input, one keystroke at a time: each keystroke is a change with the text so far. */
function typeKeystrokes(input: HTMLInputElement, text: string) {
  fireEvent.focus(input);
  for (let length = 1; length <= text.length; length++) {
    fireEvent.change(input, { target: { value: text.slice(0, length) } });
  }
}

function describedBy(element: HTMLElement): string {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

const outcomeCards = () => within(screen.getByRole('list', { name: 'Outcomes' })).getAllByRole('listitem');

async function addOutcome(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Add Outcome' }));
  fireEvent.change(screen.getByLabelText('Title'), { target: { value: title } });
}

async function savedBody(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  const before = receivedCalls(fetchMock).length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(receivedCalls(fetchMock).length).toBeGreaterThan(before));
  await screen.findByText('Quiz has been saved.');
  const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
  return put?.body as Quiz;
}

describe('Outcomes tab', () => {
  it('adds outcomes titled by rank and name, and renumbers after a confirmed delete', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Golden Retriever');
    await addOutcome('Poodle');
    expect(outcomeCards().map((card) => card.textContent)).toEqual([
      expect.stringContaining('Outcome 1Golden Retriever'),
      expect.stringContaining('Outcome 2Poodle'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Outcome 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(outcomeCards().map((card) => card.textContent)).toEqual([
      expect.stringContaining('Outcome 1Poodle'),
    ]);
    const saved = await savedBody(fetchMock);
    expect(saved.outcomes.map((outcome) => [outcome.rank, outcome.name])).toEqual([[1, 'Poodle']]);
  });

  it('offers alternate descriptions to pro accounts only, up to three descriptions', async () => {
    serve(sampleQuiz({ id: '7' }), true);
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Beagle');
    fireEvent.click(screen.getByRole('button', { name: 'Add Alternate Description' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Alternate Description' }));
    expect(screen.getByLabelText('Alternate Description 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Alternate Description' })).toBeNull();
    cleanup();

    serve(sampleQuiz({ id: '7' }), false);
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Beagle');
    expect(screen.queryByRole('button', { name: 'Add Alternate Description' })).toBeNull();
  });

  it('shows only the URL for a redirect outcome', async () => {
    serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Shop');
    expect(screen.getByLabelText('Description')).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Outcome Type' }));
    fireEvent.click(screen.getByRole('option', { name: 'Redirect URL' }));
    expect(screen.getByLabelText('Redirect URL')).toBeTruthy();
    expect(screen.queryByLabelText('Description')).toBeNull();
  });

  it('describes scored outcomes by their score interval', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7', type: 'scored' }));
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Rookie');
    fireEvent.change(screen.getByLabelText('Score From'), { target: { value: '0' } });
    fireEvent.change(screen.getByLabelText('Score To'), { target: { value: '5' } });
    expect(outcomeCards()[0]?.textContent).toContain('0 – 5 points');
    expect((await savedBody(fetchMock)).outcomes[0]?.scoreRange).toEqual({ from: 0, to: 5 });
  });

  it('never moves one score bound while the other is typed, and shows an inverted interval once a field is left', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7', type: 'scored' }));
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Expert');
    const from = screen.getByLabelText('Score From') as HTMLInputElement;
    const to = screen.getByLabelText('Score To') as HTMLInputElement;
    typeKeystrokes(from, '6');
    fireEvent.blur(from);
    // "10" passes through "1", below From: From stays 6 and nothing is flagged while typing.
    typeKeystrokes(to, '1');
    expect([from.value, to.value]).toEqual(['6', '1']);
    expect(screen.queryByText(INVERTED_SCORE_RANGE_HINT)).toBeNull();
    typeKeystrokes(to, '10');
    fireEvent.blur(to);
    expect([from.value, to.value]).toEqual(['6', '10']);
    expect(outcomeCards()[0]?.textContent).toContain('6 – 10 points');
    expect(screen.queryByText(INVERTED_SCORE_RANGE_HINT)).toBeNull();

    // To 2, then From 7: neither pushes the other; the error shows when the field is left.
    typeKeystrokes(to, '2');
    typeKeystrokes(from, '7');
    expect([from.value, to.value]).toEqual(['7', '2']);
    expect(screen.queryByText(INVERTED_SCORE_RANGE_HINT)).toBeNull();
    fireEvent.blur(from);
    expect(screen.getByText(INVERTED_SCORE_RANGE_HINT)).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('group', { name: 'Score interval' }).getAttribute('aria-describedby')).toBe(
      screen.getByText(INVERTED_SCORE_RANGE_HINT).id,
    );
    // Saved as typed, for the user to fix.
    expect((await savedBody(fetchMock)).outcomes[0]?.scoreRange).toEqual({ from: 7, to: 2 });

    typeKeystrokes(to, '12');
    expect(screen.queryByText(INVERTED_SCORE_RANGE_HINT)).toBeNull();
    fireEvent.blur(to);
    expect(screen.queryByText(INVERTED_SCORE_RANGE_HINT)).toBeNull();
    expect([from.value, to.value]).toEqual(['7', '12']);
  });

  it('adds https:// to a redirect URL typed without one, and refuses other schemes under the field', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Shop');
    fireEvent.click(screen.getByRole('combobox', { name: 'Outcome Type' }));
    fireEvent.click(screen.getByRole('option', { name: 'Redirect URL' }));
    const redirect = screen.getByLabelText('Redirect URL') as HTMLInputElement;
    fireEvent.change(redirect, { target: { value: 'example.com/offer' } });
    expect(redirect.value).toBe('example.com/offer');
    fireEvent.blur(redirect);
    expect(redirect.value).toBe('https://example.com/offer');
    expect(redirect.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(redirect, { target: { value: 'javascript:alert(1)' } });
    expect(screen.queryByText(WEB_ADDRESS_SCHEME_TEXT)).toBeNull();
    fireEvent.blur(redirect);
    expect(redirect.value).toBe('javascript:alert(1)');
    expect(redirect.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(redirect)).toBe('Use a web address starting with http:// or https://.');
    fireEvent.change(redirect, { target: { value: 'ftp://example.com/offer' } });
    fireEvent.blur(redirect);
    expect(describedBy(redirect)).toBe(WEB_ADDRESS_SCHEME_TEXT);

    fireEvent.change(redirect, { target: { value: ' shop.example.com ' } });
    fireEvent.blur(redirect);
    expect(redirect.value).toBe('https://shop.example.com');
    expect(screen.queryByText(WEB_ADDRESS_SCHEME_TEXT)).toBeNull();
    expect((await savedBody(fetchMock)).outcomes[0]?.redirect).toBe('https://shop.example.com');
  });

  it('adds https:// to a CTA link typed without one, and refuses other schemes under the field', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Advice');
    fireEvent.click(screen.getByRole('switch', { name: 'Enable CTA' }));
    const link = screen.getByLabelText('CTA Link') as HTMLInputElement;
    fireEvent.change(link, { target: { value: 'data:text/html,<b>hi</b>' } });
    fireEvent.blur(link);
    expect(link.value).toBe('data:text/html,<b>hi</b>');
    expect(describedBy(link)).toBe(WEB_ADDRESS_SCHEME_TEXT);
    fireEvent.change(link, { target: { value: 'book.example.com/call' } });
    expect(link.getAttribute('aria-invalid')).toBeNull();
    fireEvent.blur(link);
    expect(link.value).toBe('https://book.example.com/call');
    expect(link.getAttribute('aria-invalid')).toBeNull();
    expect((await savedBody(fetchMock)).outcomes[0]?.ctaUrl).toBe('https://book.example.com/call');
  });

  it('shows the problem of a stored link at once when the outcome opens', async () => {
    const { quiz } = buildQuiz({ type: 'general', outcomes: ['Shop'] });
    serve({
      ...quiz,
      id: '7',
      outcomes: quiz.outcomes.map((outcome) => ({
        ...outcome,
        type: 'redirect' as const,
        redirect: 'javascript:alert(1)',
      })),
    });
    renderApp('/quizzes/7/outcomes');
    const redirect = (await screen.findByLabelText('Redirect URL')) as HTMLInputElement;
    expect(describedBy(redirect)).toBe(WEB_ADDRESS_SCHEME_TEXT);
  });

  it('opens on the outcome another screen asks for, else on the first', async () => {
    const { quiz, o } = buildQuiz({ type: 'general', outcomes: ['Husky', 'Poodle'] });
    serve({ ...quiz, id: '7' });
    const router = renderApp('/quizzes/7');
    await screen.findByRole('link', { name: 'Outcomes' });
    await act(() => router.navigate('/quizzes/7/outcomes', { state: { selectItemId: o[1] } }));
    expect(await screen.findByRole('region', { name: 'Outcome 2 settings' })).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Poodle');

    await act(() => router.navigate('/quizzes/7'));
    await act(() => router.navigate('/quizzes/7/outcomes'));
    expect(await screen.findByRole('region', { name: 'Outcome 1 settings' })).toBeTruthy();
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Husky');
  });

  it('warns above the outcomes when the most points a visitor can collect is only an estimate', async () => {
    serve({ ...backJumpingQuiz(280, 18, 7), id: '7' });
    renderApp('/quizzes/7/outcomes');
    const note = await screen.findByText(/can’t be worked out exactly for this flow/);
    expect(note.textContent).toMatch(
      /\[\[maxScore\]\] will show [\d,]+, which may be more than anyone can score\.$/,
    );
    expect(note.closest('[role="note"]')).toBeTruthy();
  });

  it('tells the user why an image upload was refused when it is something they can act on', async () => {
    const quotaText =
      'Your account has used its 500 MB of image storage. Please contact support to raise the limit.';
    routeFetch([
      on(meEndpoint, accountHolder()),
      on(getQuizEndpoint, sampleQuiz({ id: '7' }), { id: '7' }),
      on(createImageEndpoint, answerWith(403, { error: quotaText, code: 'quota_exceeded' }), {
        account: 'account-1',
      }),
    ]);
    renderApp('/quizzes/7/outcomes');
    await addOutcome('Beagle');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'dog.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Outcome Image'), { target: { files: [file] } });
    expect((await screen.findByRole('alert')).textContent).toBe(quotaText);
  });
});
