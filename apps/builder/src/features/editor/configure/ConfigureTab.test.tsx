import { meEndpoint } from '@quizbeam/contracts/auth';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizFixtures';
import { renderApp } from '../../../test/renderApp';
import { QUIZ_TYPE_FIXED_TEXT } from './QuizTypeDisplay';

describe('Configure tab', () => {
  it('shows the quiz type as text that cannot be mistaken for a field, and says why', async () => {
    routeFetch([
      on(meEndpoint, accountHolder()),
      on(getQuizEndpoint, sampleQuiz({ id: '7', type: 'scored' }), { id: '7' }),
    ]);
    renderApp('/quizzes/7');
    await screen.findByLabelText('Quiz Name');
    expect(screen.queryByLabelText('Quiz Type')).toBeNull();
    // Quiz Name is the one text field.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    const term = screen.getByRole('term');
    expect(term.textContent).toBe('Quiz Type');
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Scored',
      QUIZ_TYPE_FIXED_TEXT,
    ]);
  });
});
