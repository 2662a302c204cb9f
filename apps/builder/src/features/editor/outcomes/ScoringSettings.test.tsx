import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';
import { CATEGORY_NAME_REQUIRED_TEXT } from './CategoriesEditor';
import { SHORTCODES_NOTE } from './OutcomeEditor';
import { PERCENT_RANGE_HINT } from './ScoreRangeFields';
import { PERCENT_MODE_NOTE } from './ScoringSettings';

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

async function savedBody(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  const before = receivedCalls(fetchMock).length;
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(receivedCalls(fetchMock).length).toBeGreaterThan(before));
  await screen.findByText('Quiz has been saved.');
  return receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7')?.body as Quiz;
}

const nameField = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('Scoring settings', () => {
  it('adds, renames and removes categories, and puts questions in them', async () => {
    const { quiz } = buildQuiz({
      questions: [
        { text: 'Plan?', answers: [{}] },
        { text: 'Hire?', answers: [{}] },
      ],
    });
    const fetchMock = serve(quiz);
    const router = renderApp('/quizzes/7/questions');
    expect(await screen.findByText(/add categories on the Outcomes tab/)).toBeTruthy();

    await act(() => router.navigate('/quizzes/7/outcomes'));
    fireEvent.click(await screen.findByRole('button', { name: 'Add Category' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect([nameField('Category 1').value, nameField('Category 2').value]).toEqual([
      'Category 1',
      'Category 2',
    ]);
    fireEvent.change(nameField('Category 1'), { target: { value: 'Strategy' } });
    fireEvent.change(nameField('Category 2'), { target: { value: '  ' } });
    expect(screen.getByText(CATEGORY_NAME_REQUIRED_TEXT)).toBeTruthy();
    expect(nameField('Category 2').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(nameField('Category 2'), { target: { value: 'Team' } });
    expect(screen.queryByText(CATEGORY_NAME_REQUIRED_TEXT)).toBeNull();

    await act(() => router.navigate('/quizzes/7/questions'));
    choose(await screen.findByRole('region', { name: 'Question 1 settings' }), 'Category', 'Strategy');
    fireEvent.click(screen.getByRole('button', { name: /^Question 2/ }));
    choose(screen.getByRole('region', { name: 'Question 2 settings' }), 'Category', 'Team');
    let saved = await savedBody(fetchMock);
    const [strategy, team] = saved.categories ?? [];
    expect(saved.categories?.map((category) => category.name)).toEqual(['Strategy', 'Team']);
    expect(saved.questions.map((question) => question.category)).toEqual([strategy?.id, team?.id]);

    await act(() => router.navigate('/quizzes/7/outcomes'));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Category 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain(
      'The category "Strategy" will be removed. Its question will be in no category.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(nameField('Category 1').value).toBe('Team');
    saved = await savedBody(fetchMock);
    expect(saved.categories).toEqual([team]);
    expect(saved.questions.map((question) => question.category)).toEqual([null, team?.id]);
  });

  it('chooses outcomes by percentage, with intervals read as percentages, and shows category bars', async () => {
    const fetchMock = serve(
      buildQuiz({ questions: [{ answers: [{ points: 3 }] }], outcomes: [{ from: 0, to: 2 }] }).quiz,
    );
    renderApp('/quizzes/7/outcomes');
    const scoring = await screen.findByRole('region', { name: 'Scoring' });
    expect(screen.getByText(SHORTCODES_NOTE).textContent).toContain('[[percent:Name]]');
    expect(screen.queryByText(PERCENT_RANGE_HINT)).toBeNull();
    choose(scoring, 'Choose outcomes by', 'Percentage');
    expect(within(scoring).getByText(PERCENT_MODE_NOTE)).toBeTruthy();
    expect(screen.getByText(PERCENT_RANGE_HINT)).toBeTruthy();
    const to = screen.getByLabelText('Score To') as HTMLInputElement;
    fireEvent.focus(to);
    fireEvent.change(to, { target: { value: '150' } });
    fireEvent.blur(to);
    expect(to.value).toBe('100');
    expect(screen.getByRole('button', { name: /^Outcome 1/ }).textContent).toContain('0 – 100 %');
    fireEvent.click(
      within(scoring).getByRole('switch', { name: 'Show a bar per category on the outcome page' }),
    );
    const saved = await savedBody(fetchMock);
    expect(saved.scoring).toEqual({ outcomeBy: 'percent', showCategoryBars: true });
    expect(saved.outcomes[0]?.scoreRange).toEqual({ from: 0, to: 100 });
  });
});
