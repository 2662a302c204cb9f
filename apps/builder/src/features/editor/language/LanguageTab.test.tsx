import { meEndpoint } from '@quizbeam/contracts/auth';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { VISITOR_TEXT_KEYS } from '@quizbeam/contracts/quizLanguage';
import {
  textDirectionOf,
  VISITOR_LANGUAGE_NAMES,
  type VisitorLanguage,
} from '@quizbeam/contracts/visitorLanguages';
import { VISITOR_TEXT_CATALOGUES } from '@quizbeam/contracts/visitorTextCatalogues';
import { visitorTextsEndpoint } from '@quizbeam/contracts/visitorTextEndpoints';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { BROWSER_LANGUAGE_LABEL, QUIZ_LANGUAGE_LABEL, TEXTS_LANGUAGE_LABEL } from './languageTexts';

function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    on(visitorTextsEndpoint, ({ query }) => {
      const language = query.get('language') as VisitorLanguage;
      return {
        status: 200,
        body: {
          language,
          name: VISITOR_LANGUAGE_NAMES[language],
          direction: textDirectionOf(language),
          texts: VISITOR_TEXT_CATALOGUES[language],
        },
      };
    }),
  ]);
}

async function savedQuiz(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Quiz has been saved.');
  const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
  return put?.body as Quiz;
}

describe('the Language tab', () => {
  it('sets the quiz’s language, follows the browser, and keeps the marketer’s own texts per language', {
    timeout: 30_000,
  }, async () => {
    const fetchMock = serve({ ...sampleQuiz(), id: '7' });
    renderApp('/quizzes/7/language');
    expect(await screen.findByRole('heading', { name: 'Language', level: 1 })).toBeTruthy();
    const tabs = within(screen.getByRole('navigation', { name: 'Quiz editor' })).getAllByRole('link');
    expect(tabs.map((tab) => tab.textContent).slice(1, 3)).toEqual(['Appearance', 'Language']);

    fireEvent.change(screen.getByRole('combobox', { name: QUIZ_LANGUAGE_LABEL }), {
      target: { value: 'ar' },
    });
    // Each text is labelled by its English wording and shows Quizbeam's Arabic one, typed right to left.
    const back = (await screen.findByRole('textbox', { name: 'Back' })) as HTMLInputElement;
    expect(document.getElementById(back.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      `Quizbeam’s text: ${VISITOR_TEXT_CATALOGUES.ar.back}`,
    );
    expect(back.dir).toBe('rtl');
    fireEvent.change(back, { target: { value: 'رجوع' } });
    expect(screen.getByText(`1 of ${VISITOR_TEXT_KEYS.length} texts are your own.`)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show only the texts I changed' }));
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('dir'))).toEqual(['rtl']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show only the texts I changed' }));
    expect(screen.getByRole('textbox', { name: 'Question {step} of {total}' })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: BROWSER_LANGUAGE_LABEL }));
    fireEvent.change(screen.getByRole('combobox', { name: TEXTS_LANGUAGE_LABEL }), {
      target: { value: 'ja' },
    });
    const next = (await screen.findByRole('textbox', { name: 'Next' })) as HTMLInputElement;
    expect(document.getElementById(next.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      VISITOR_TEXT_CATALOGUES.ja.next,
    );
    fireEvent.change(next, { target: { value: '次の質問' } });

    const saved = await savedQuiz(fetchMock);
    expect(saved.language).toEqual({
      code: 'ar',
      useBrowserLanguage: true,
      texts: { ar: { back: 'رجوع' }, ja: { next: '次の質問' } },
    });
  });

  it('goes back to Quizbeam’s text when the marketer’s version is cleared', { timeout: 30_000 }, async () => {
    const fetchMock = serve({
      ...sampleQuiz(),
      id: '7',
      language: { code: 'de', useBrowserLanguage: false, texts: { de: { back: 'Zurück!' } } },
    });
    renderApp('/quizzes/7/language');
    const back = (await screen.findByRole('textbox', { name: 'Back' })) as HTMLInputElement;
    expect(back.value).toBe('Zurück!');
    fireEvent.click(screen.getByRole('button', { name: /Use Quizbeam’s: Back/ }));
    expect(back.value).toBe('');
    const saved = await savedQuiz(fetchMock);
    expect(saved.language).toEqual({ code: 'de', useBrowserLanguage: false, texts: {} });
  });
});
