import { meEndpoint } from '@quizbeam/contracts/auth';
import { QUIZ_NAME_MAX_LENGTH, QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint, getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import {
  getTemplateEndpoint,
  PREMIUM_TEMPLATE_MESSAGE,
  type TemplateForNewQuiz,
  templateCategoriesEndpoint,
  templatesForNewQuizEndpoint,
} from '@quizbeam/contracts/templates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { sampleTemplate, templateForNewQuiz } from '../../test/templates';
import { EMPTY_TEMPLATE_LIBRARY_TEXT, NO_TEMPLATES_TEXT } from './TemplateTable';

const templates: TemplateForNewQuiz[] = [
  templateForNewQuiz({ id: 't1', name: 'Dog Personality', questionCount: 12, outcomeCount: 4 }),
  templateForNewQuiz({
    id: 't2',
    name: 'Dog Trivia',
    type: 'scored',
    questionCount: 1500,
    outcomeCount: 3,
    pointOfQuiz: 'Test what visitors know',
  }),
  templateForNewQuiz({ id: 't3', name: 'Skin Type', categoryId: 'c2', questionCount: 8, outcomeCount: 5 }),
];

function serve(library: TemplateForNewQuiz[] = templates) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(templatesForNewQuizEndpoint, library),
    on(templateCategoriesEndpoint, [
      { id: 'c1', name: 'Pets' },
      { id: 'c2', name: 'Beauty' },
    ]),
    on(createQuizEndpoint, { quizId: 'new-1' }),
    on(getQuizEndpoint, sampleQuiz({ id: 'new-1' }), { id: 'new-1' }),
    // After the for-new-quiz list, whose path it would match too.
    on(getTemplateEndpoint, ({ params }) => ({
      status: 200,
      body: sampleTemplate({ id: params.id, name: 'Dog Trivia', type: 'scored' }),
    })),
  ]);
}

function describedBy(element: HTMLElement): string {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

function rowNames() {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('.template-table__name')?.textContent);
}

describe('New Quiz', () => {
  it('keeps Create From Scratch and Select disabled, saying why, until a name is entered', async () => {
    serve();
    renderApp('/quizzes/new');
    const fromScratch = (await screen.findByRole('button', {
      name: 'Create From Scratch',
    })) as HTMLButtonElement;
    await screen.findByText('Dog Personality');
    const select = screen.getByRole('button', { name: 'Select Dog Personality' }) as HTMLButtonElement;
    for (const button of [fromScratch, select]) {
      expect(button.disabled).toBe(true);
      expect(button.title).toBe(QUIZ_NAME_REQUIRED_TEXT);
      expect(describedBy(button)).toBe(QUIZ_NAME_REQUIRED_TEXT);
    }
    // The field stops where the server's rule does, so a pasted long name is never refused.
    expect(screen.getByLabelText('Quiz Name').getAttribute('maxlength')).toBe(String(QUIZ_NAME_MAX_LENGTH));
    fireEvent.change(screen.getByLabelText('Quiz Name'), { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Create From Scratch' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.change(screen.getByLabelText('Quiz Name'), { target: { value: 'Dogs' } });
    const enabled = screen.getByRole('button', { name: 'Create From Scratch' }) as HTMLButtonElement;
    expect(enabled.disabled).toBe(false);
    expect(enabled.title).toBe('');
  });

  it('previews a template before a name is typed; only Select waits for the name', async () => {
    const fetchMock = serve();
    renderApp('/quizzes/new');
    await screen.findByText('Dog Personality');
    const preview = screen.getByRole('button', { name: 'Preview Dog Personality' }) as HTMLButtonElement;
    expect(preview.disabled).toBe(false);
    expect(preview.title).toBe('');
    fireEvent.click(preview);
    const dialog = await screen.findByRole('dialog', { name: 'Dog Personality' });
    expect(await within(dialog).findByText('How big is your home?')).toBeTruthy();
    const selectInPreview = within(dialog).getByRole('button', { name: 'Select' }) as HTMLButtonElement;
    expect(selectInPreview.disabled).toBe(true);
    expect(selectInPreview.title).toBe(QUIZ_NAME_REQUIRED_TEXT);
    fireEvent.click(selectInPreview);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock).some((call) => call.route === 'POST /api/quizzes')).toBe(false);
  });

  it('creates from scratch with the chosen type and opens the editor', async () => {
    const fetchMock = serve();
    const router = renderApp('/quizzes/new');
    fireEvent.change(await screen.findByLabelText('Quiz Name'), { target: { value: ' Dog Quiz ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scored' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create From Scratch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/new-1'));
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/quizzes',
      body: { name: 'Dog Quiz', template: null, type: 'scored' },
    });
  });

  it('filters templates by type, search and category, and creates from the selected one', async () => {
    const fetchMock = serve();
    renderApp('/quizzes/new');
    await screen.findByText('Dog Personality');
    expect(rowNames()).toEqual(['Dog Personality', 'Skin Type']);
    fireEvent.click(screen.getByRole('button', { name: 'Scored' }));
    expect(rowNames()).toEqual(['Dog Trivia']);
    expect(screen.getByText('1,500')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'General' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), {
      target: { value: 'SKIN' },
    });
    expect(rowNames()).toEqual(['Skin Type']);
    fireEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pets' }));
    expect(screen.getByText(NO_TEMPLATES_TEXT)).toBeTruthy();
    expect(screen.queryByText(EMPTY_TEMPLATE_LIBRARY_TEXT)).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), { target: { value: '' } });
    expect(rowNames()).toEqual(['Dog Personality']);

    fireEvent.change(screen.getByLabelText('Quiz Name'), { target: { value: 'Dogs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Select Dog Personality' }));
    await waitFor(() =>
      expect(receivedCalls(fetchMock)).toContainEqual({
        route: 'POST /api/quizzes',
        body: { name: 'Dogs', template: 't1', type: 'general' },
      }),
    );
  });

  it('says the template library is empty when it is, rather than that no template matches', async () => {
    serve([]);
    renderApp('/quizzes/new');
    expect(await screen.findByText(EMPTY_TEMPLATE_LIBRARY_TEXT)).toBeTruthy();
    expect(EMPTY_TEMPLATE_LIBRARY_TEXT).toBe(
      'The template library is empty for now. Create your quiz from scratch.',
    );
    expect(screen.queryByText(NO_TEMPLATES_TEXT)).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search templates' }), {
      target: { value: 'dog' },
    });
    expect(screen.getByText(EMPTY_TEMPLATE_LIBRARY_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create From Scratch' })).toBeTruthy();
  });

  it('marks premium templates, and locks the ones this account cannot select', async () => {
    const fetchMock = serve([
      templateForNewQuiz({ id: 't1', name: 'Dog Personality' }),
      templateForNewQuiz({ id: 't4', name: 'Plan Finder', isExtra: true, locked: true }),
      templateForNewQuiz({ id: 't5', name: 'Style Finder', isExtra: true, locked: false }),
    ]);
    renderApp('/quizzes/new');
    fireEvent.change(await screen.findByLabelText('Quiz Name'), { target: { value: 'Plans' } });
    const lockedRow = (await screen.findByText('Plan Finder')).closest('tr') as HTMLElement;
    const lockMark = within(lockedRow).getByText('Premium');
    expect(lockMark.textContent).toContain('🔒');
    expect(lockMark.getAttribute('title')).toBe(PREMIUM_TEMPLATE_MESSAGE);
    const lockedSelect = within(lockedRow).getByRole('button', {
      name: 'Select Plan Finder',
    }) as HTMLButtonElement;
    expect(lockedSelect.disabled).toBe(true);
    expect(lockedSelect.title).toBe(PREMIUM_TEMPLATE_MESSAGE);
    expect(describedBy(lockedSelect)).toBe(PREMIUM_TEMPLATE_MESSAGE);
    expect(
      (within(lockedRow).getByRole('button', { name: 'Preview Plan Finder' }) as HTMLButtonElement).disabled,
    ).toBe(false);

    const openRow = screen.getByText('Style Finder').closest('tr') as HTMLElement;
    expect(within(openRow).getByText('Premium').textContent).not.toContain('🔒');
    expect(
      (within(openRow).getByRole('button', { name: 'Select Style Finder' }) as HTMLButtonElement).disabled,
    ).toBe(false);
    const plainRow = screen.getByText('Dog Personality').closest('tr') as HTMLElement;
    expect(within(plainRow).queryByText('Premium')).toBeNull();

    fireEvent.click(within(lockedRow).getByRole('button', { name: 'Preview Plan Finder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plan Finder' });
    const selectInPreview = within(dialog).getByRole('button', { name: 'Select' }) as HTMLButtonElement;
    expect(selectInPreview.disabled).toBe(true);
    expect(selectInPreview.title).toBe(PREMIUM_TEMPLATE_MESSAGE);
    fireEvent.click(selectInPreview);
    expect(receivedCalls(fetchMock).some((call) => call.route === 'POST /api/quizzes')).toBe(false);
  });

  it("previews a template's questions with their answers and its outcomes, and selects it from there", async () => {
    const fetchMock = serve([
      templateForNewQuiz({
        id: 't2',
        name: 'Dog Trivia',
        type: 'scored',
        pointOfQuiz: 'Test what visitors know',
      }),
    ]);
    const router = renderApp('/quizzes/new');
    fireEvent.change(await screen.findByLabelText('Quiz Name'), { target: { value: 'My Trivia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scored' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Preview Dog Trivia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dog Trivia' });
    expect(within(dialog).getByText('Test what visitors know')).toBeTruthy();
    expect(await within(dialog).findByText('How big is your home?')).toBeTruthy();
    const questions = within(dialog).getAllByRole('list')[0] as HTMLElement;
    expect(
      within(questions)
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual([
      'How big is your home?',
      'An apartment',
      'A house with a yard',
      'How active are you?',
      'Couch first',
      'Out every morning',
    ]);
    expect(within(dialog).getByText('Calm Companion (No score interval yet)')).toBeTruthy();
    expect(within(dialog).getByText('Adventure Buddy (No score interval yet)')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Select' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/quizzes/new-1'));
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/quizzes',
      body: { name: 'My Trivia', template: 't2', type: 'scored' },
    });
  });
});
