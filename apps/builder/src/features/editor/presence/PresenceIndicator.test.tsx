import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder } from '../../../test/fakeServer';
import { renderInQuizEditor } from '../../../test/quizEditorPieces';
import { sampleQuiz } from '../../../test/quizzes';
import { alsoEditingText, PresenceIndicator } from './PresenceIndicator';

const quiz = sampleQuiz({ id: '7' });
const me = accountHolder();

describe('PresenceIndicator', () => {
  it('shows one initial per person, named in full for screen readers and as tooltips', async () => {
    renderInQuizEditor(
      <PresenceIndicator
        editors={[
          { email: 'ana@example.com', tabCount: 1 },
          { email: 'grace@example.com', tabCount: 2 },
          { email: me.email, tabCount: 1 },
        ]}
      />,
      { quiz, me },
    );
    const summary = 'Also editing: ana@example.com, grace@example.com (2 tabs), you (another tab)';
    expect(alsoEditingText(['ana@example.com'])).toBe('Also editing: ana@example.com');
    expect(await screen.findByText(summary)).toBeTruthy();
    const avatars = document.querySelectorAll('.presence-indicator__avatar');
    expect([...avatars].map((avatar) => [avatar.textContent, avatar.getAttribute('title')])).toEqual([
      ['A', 'ana@example.com'],
      ['G', 'grace@example.com (2 tabs)'],
      ['A', 'you (another tab)'],
    ]);
    expect(document.querySelector('.presence-indicator')?.getAttribute('title')).toBe(summary);
  });

  it('counts own other tabs, and folds a crowd into "+N"', async () => {
    const editors = ['b', 'c', 'd', 'e', 'f'].map((name) => ({ email: `${name}@example.com`, tabCount: 1 }));
    renderInQuizEditor(<PresenceIndicator editors={[{ email: me.email, tabCount: 3 }, ...editors]} />, {
      quiz,
      me,
    });
    expect(await screen.findByText(/^Also editing: you \(3 other tabs\), b@example\.com/)).toBeTruthy();
    const avatars = [...document.querySelectorAll('.presence-indicator__avatar')];
    expect(avatars.map((avatar) => avatar.textContent)).toEqual(['A', 'B', 'C', 'D', '+2']);
  });

  it('renders nothing when nobody else has the quiz open', async () => {
    renderInQuizEditor(
      <>
        <span>Top bar</span>
        <PresenceIndicator editors={[]} />
      </>,
      { quiz, me },
    );
    await screen.findByText('Top bar');
    expect(document.querySelector('.presence-indicator')).toBeNull();
    expect(screen.queryByText(/Also editing/)).toBeNull();
  });
});
