import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  DROPDOWN_ONLY_MESSAGE,
  NUMBER_BOUNDS_MESSAGE,
  RANGE_ORDER_MESSAGE,
  SELECTION_ORDER_MESSAGE,
} from '@quizbeam/contracts/questionSettings';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';

function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, { ...quiz, id: '7' }, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
  ]);
}

function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.click(within(scope).getByRole('combobox', { name: label }));
  fireEvent.click(screen.getByRole('option', { name: option }));
}

function type(scope: HTMLElement, label: string, value: string) {
  const input = within(scope).getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function savedBody(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  const before = receivedCalls(fetchMock).length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(receivedCalls(fetchMock).length).toBeGreaterThan(before));
  await screen.findByText('Quiz has been saved.');
  return receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7')?.body as Quiz;
}

async function openPane() {
  renderApp('/quizzes/7/questions');
  return screen.findByRole('region', { name: 'Question 1 settings' });
}

/** The answer cards' names, read from the markup: queries by role or label over 50 cards take seconds in jsdom. */
const answerCardNames = (pane: HTMLElement) =>
  [...pane.querySelectorAll('section.answer-card')].map((card) => card.getAttribute('aria-label'));

const scoredQuestion = () =>
  buildQuiz({ questions: [{ text: 'How sure?', answers: [{ points: 2 }, {}] }] }).quiz;

describe('Question types', () => {
  it('offers the eight types by plain names and keeps the answers when the type changes', async () => {
    serve(scoredQuestion());
    const pane = await openPane();
    const typeNames = () => {
      fireEvent.click(within(pane).getByRole('combobox', { name: 'Question Type' }));
      const names = screen.getAllByRole('option').map((option) => option.textContent);
      fireEvent.click(within(pane).getByRole('combobox', { name: 'Question Type' }));
      return names;
    };
    expect(typeNames()).toEqual([
      'Single choice',
      'Image choice',
      'Multiple choice',
      'Image multiple choice',
      'Rating',
      'Number',
      'Dropdown',
      'Text answer',
    ]);
    choose(pane, 'Question Type', 'Multiple choice');
    expect(within(pane).getAllByRole('region', { name: /^Answer \d/ })).toHaveLength(2);
    expect(within(pane).getByLabelText('Minimum choices')).toBeTruthy();
  });

  it('gives a rating one row per value with points, refitted when the scale changes', async () => {
    const fetchMock = serve(scoredQuestion());
    const pane = await openPane();
    choose(pane, 'Question Type', 'Rating');
    expect(within(pane).queryByRole('button', { name: 'Add Answer' })).toBeNull();
    const values = () => within(within(pane).getByRole('list', { name: 'What each rating gives' }));
    expect(
      values()
        .getAllByRole('group')
        .map((group) => group.querySelector('legend')?.textContent),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(
      within(values().getByRole('group', { name: '3 stars' })).getByRole('combobox', { name: 'Points' })
        .textContent,
    ).toContain('3 points');

    choose(pane, 'Scale', '0–10');
    expect(values().getAllByRole('group')).toHaveLength(11);
    choose(values().getByRole('group', { name: 'Rating 7' }), 'Points', '2 points');
    type(pane, 'Low label', 'Not at all');
    const question = (await savedBody(fetchMock)).questions[0];
    expect(question).toMatchObject({
      type: 'rating',
      rating: { kind: 'zero_to_ten', lowLabel: 'Not at all', highLabel: '' },
    });
    expect(question?.ranges?.map((range) => [range.from, range.points])).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
      [6, 6],
      [7, 2],
      [8, 8],
      [9, 9],
      [10, 10],
    ]);
    expect(question?.answers.map((answer) => answer.points)).toEqual([2, 0]);
  });

  it('shows a minimum above the maximum next to the choice limits once the fields are left', async () => {
    serve(scoredQuestion());
    const pane = await openPane();
    choose(pane, 'Question Type', 'Multiple choice');
    const minimum = within(pane).getByLabelText('Minimum choices');
    fireEvent.focus(minimum);
    fireEvent.change(minimum, { target: { value: '3' } });
    const maximum = within(pane).getByLabelText('Maximum choices');
    fireEvent.focus(maximum);
    fireEvent.change(maximum, { target: { value: '2' } });
    expect(within(pane).queryByText(SELECTION_ORDER_MESSAGE)).toBeNull();
    fireEvent.blur(maximum);
    expect(within(pane).getByText(SELECTION_ORDER_MESSAGE)).toBeTruthy();
    expect(maximum.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(maximum, { target: { value: '' } });
    fireEvent.blur(maximum);
    expect(within(pane).queryByText(SELECTION_ORDER_MESSAGE)).toBeNull();
  });

  it('edits number settings and ranges, showing reversed bounds and overlaps', async () => {
    const fetchMock = serve(scoredQuestion());
    const pane = await openPane();
    choose(pane, 'Question Type', 'Number');
    type(pane, 'Minimum', '200');
    expect(within(pane).getByText(NUMBER_BOUNDS_MESSAGE)).toBeTruthy();
    type(pane, 'Minimum', '0');
    expect(within(pane).queryByText(NUMBER_BOUNDS_MESSAGE)).toBeNull();
    type(pane, 'Unit', 'people');
    choose(pane, 'Show as', 'Slider');

    fireEvent.click(within(pane).getByRole('button', { name: 'Add Range' }));
    const first = within(pane).getByRole('region', { name: 'Range 1' });
    type(first, 'To', '50');
    choose(first, 'Points', '4 points');
    fireEvent.click(within(pane).getByRole('button', { name: 'Add Range' }));
    const second = within(pane).getByRole('region', { name: 'Range 2' });
    expect((within(second).getByLabelText('From') as HTMLInputElement).value).toBe('51');
    type(second, 'From', '80');
    type(second, 'To', '60');
    expect(within(second).getByText(RANGE_ORDER_MESSAGE)).toBeTruthy();
    expect(within(first).queryByText(RANGE_ORDER_MESSAGE)).toBeNull();
    type(second, 'From', '40');
    type(second, 'To', '100');
    expect(within(second).queryByText(RANGE_ORDER_MESSAGE)).toBeNull();

    const card = screen.getByRole('button', { name: /^Question 1/ }).closest('li');
    if (!card) throw new Error('no card for question 1');
    await waitFor(() =>
      expect(within(card).getByRole('note').textContent).toContain(
        'Ranges 1 and 2 of question 1 both hold 40 to 50; range 1 applies there.',
      ),
    );
    const question = (await savedBody(fetchMock)).questions[0];
    expect(question?.number).toEqual({ min: 0, max: 100, step: 1, unit: 'people', display: 'slider' });
    expect(question?.ranges?.map(({ from, to, points }) => ({ from, to, points }))).toEqual([
      { from: 0, to: 50, points: 4 },
      { from: 40, to: 100, points: 0 },
    ]);

    fireEvent.click(within(first).getByRole('button', { name: 'Delete Range 1' }));
    expect(within(pane).queryByRole('region', { name: 'Range 2' })).toBeNull();
    expect((within(pane).getByLabelText('From') as HTMLInputElement).value).toBe('40');
  });

  it('pastes a list into a dropdown up to 500 options and filters the long list', async () => {
    const fetchMock = serve(scoredQuestion());
    const pane = await openPane();
    choose(pane, 'Question Type', 'Dropdown');
    fireEvent.click(within(pane).getByRole('button', { name: 'Paste a list' }));
    const lines = Array.from({ length: 600 }, (_, index) => `  Country ${index + 1}  `);
    fireEvent.change(within(pane).getByLabelText('Options, one per line'), {
      target: { value: `${lines.slice(0, 300).join('\n')}\n\n${lines.slice(300).join('\r\n')}` },
    });
    fireEvent.click(within(pane).getByRole('button', { name: 'Add Options' }));
    expect(
      within(pane)
        .getByText(
          'Added 498 options. A dropdown holds at most 500 options, so the other 102 options were cut.',
        )
        .getAttribute('role'),
    ).toBe('status');
    expect(answerCardNames(pane)).toHaveLength(50);
    const filter = within(pane).getByPlaceholderText('Type to find an answer');
    expect(within(pane).getByText('Showing 50 of 500 answers; type to find the others.')).toBeTruthy();
    fireEvent.change(filter, { target: { value: 'country 49' } });
    expect(answerCardNames(pane)).toEqual([
      'Answer 51',
      ...Array.from({ length: 9 }, (_, index) => `Answer ${492 + index}`),
    ]);
    expect(within(pane).getByRole('button', { name: 'Add Answer' }).hasAttribute('disabled')).toBe(true);

    const answers = (await savedBody(fetchMock)).questions[0]?.answers ?? [];
    expect(answers).toHaveLength(500);
    expect(answers[2]?.text).toBe('Country 1');
    expect(answers.at(-1)?.text).toBe('Country 498');

    // Other types take 50 answers: switching to one says so under the type, before any save.
    choose(pane, 'Question Type', 'Rating');
    expect(within(pane).getByText(new RegExp(`^${DROPDOWN_ONLY_MESSAGE}`)).className).toBe('field__error');
    choose(pane, 'Question Type', 'Dropdown');
    expect(within(pane).queryByText(new RegExp(`^${DROPDOWN_ONLY_MESSAGE}`))).toBeNull();
  });

  it('asks a text question short or long and optional, with no answers or points', async () => {
    const fetchMock = serve(scoredQuestion());
    const pane = await openPane();
    choose(pane, 'Question Type', 'Text answer');
    expect(within(pane).queryByRole('button', { name: 'Add Answer' })).toBeNull();
    expect(within(pane).queryByRole('combobox', { name: 'Points' })).toBeNull();
    choose(pane, 'Answer length', 'Long (several lines)');
    fireEvent.click(within(pane).getByRole('checkbox', { name: 'Optional: visitors may leave it empty' }));
    expect((await savedBody(fetchMock)).questions[0]).toMatchObject({
      type: 'text_input',
      multiline: true,
      optional: true,
    });
  });
});
