import { meEndpoint } from '@quizbeam/contracts/auth';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { themesEndpoint } from '@quizbeam/contracts/themes';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { standardThemes } from '../../../test/themes';
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

  it('offers the theme cards after the powered-by choice, with the quiz theme selected', async () => {
    routeFetch([
      on(meEndpoint, accountHolder()),
      on(getQuizEndpoint, sampleQuiz({ id: '7', theme: 'theme-2' }), { id: '7' }),
      on(themesEndpoint, standardThemes()),
    ]);
    renderApp('/quizzes/7');
    const themeCard = await screen.findByRole('group', { name: 'Theme 2' });
    const badgeChoice = screen.getByRole('group', { name: 'Powered-by Badge' });
    const themeHeading = screen.getByRole('heading', { name: 'Theme' });
    expect(badgeChoice.compareDocumentPosition(themeHeading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(themeCard).getByRole('button', { name: 'Selected Theme 2' })).toBeTruthy();
    // The badge choice keeps working beside the theme cards.
    fireEvent.click(screen.getByRole('button', { name: "Don't Show" }));
    expect(screen.getByRole('button', { name: "Don't Show" }).getAttribute('aria-pressed')).toBe('true');
    expect(within(themeCard).getByRole('button', { name: 'Selected Theme 2' })).toBeTruthy();
  });
});
