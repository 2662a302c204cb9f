import { meEndpoint } from '@quizbeam/contracts/auth';
import type { StaleRevisionBody } from '@quizbeam/contracts/quizEndpoints';
import {
  getTemplateEndpoint,
  listTemplatesEndpoint,
  saveTemplateEndpoint,
  TEMPLATE_NAME_REQUIRED_TEXT,
  TEMPLATE_SAVED_TEXT,
  type Template,
  templateCategoriesEndpoint,
} from '@quizbeam/contracts/templates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeRoute,
  notFound,
  on,
  receivedCalls,
  routeFetch,
} from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';
import { sampleCategories, sampleTemplate } from '../../../test/templates';
import { DEFAULT_ERROR_TEXT } from '../../../ui/notifications/DefaultErrorMessage';
import { OVERWRITE_WITH_MINE, RELOAD_THEIR_VERSION } from '../../editor/RevisionConflictModal';
import { TEMPLATE_CONFLICT_TITLE } from '../../editor/TemplateLayout';
import { UNSAVED_CHANGES_TITLE } from '../../editor/UnsavedChangesGuard';
import { NOT_FOUND_TITLE } from '../../errors/NotFoundPage';
import { PREVIEW_FRAME_TITLE } from '../../preview/PreviewOverlay';
import { TEMPLATE_TYPE_FIXED_TEXT } from './TemplateSettingsTab';

const template = sampleTemplate({ id: 't1', name: 'Dog Personality', revision: 3 });

/** The editor's calls for template t1, as an admin; `routes` come first, so they answer before the defaults. */
function serve(routes: FakeRoute[] = []) {
  return routeFetch([
    ...routes,
    on(meEndpoint, accountHolder({}, true)),
    on(getTemplateEndpoint, template, { id: 't1' }),
    on(saveTemplateEndpoint, ({ body }) => ({ status: 200, body: { ...(body as Template), revision: 4 } }), {
      id: 't1',
    }),
    on(templateCategoriesEndpoint, sampleCategories),
    on(listTemplatesEndpoint, []),
  ]);
}

const savedBodies = (fetchMock: ReturnType<typeof routeFetch>) =>
  receivedCalls(fetchMock)
    .filter((call) => call.route === 'PUT /api/templates/t1')
    .map((call) => call.body as Template);

async function nameInput() {
  return (await screen.findByLabelText('Template Name')) as HTMLInputElement;
}

function toggle(name: string) {
  return screen.getByRole('switch', { name });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('template editor', () => {
  it("shows the template's settings, with its type as text", async () => {
    serve();
    renderApp('/templates/t1');
    expect((await nameInput()).value).toBe('Dog Personality');
    expect(screen.getByRole('heading', { name: 'Edit Template' })).toBeTruthy();
    expect(screen.getByRole('term').textContent).toBe('Template Type');
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'General',
      TEMPLATE_TYPE_FIXED_TEXT,
    ]);
    expect(screen.queryByLabelText('Template Type')).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Template Category' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Template Category' }).textContent).toContain('Pets'),
    );
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe(template.description);
    expect((screen.getByLabelText('Point of Quiz') as HTMLInputElement).value).toBe(template.pointOfQuiz);
    expect(toggle('Is Premium Template?').getAttribute('aria-checked')).toBe('false');
    expect(toggle('Is Available for New Quizzes?').getAttribute('aria-checked')).toBe('true');
    const tabs = within(screen.getByRole('navigation', { name: 'Template editor' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Configure',
      'Outcomes',
      'Start Page',
      'Questions',
      'Help',
    ]);
  });

  it("saves the whole template with the template's own settings, and says so", async () => {
    const fetchMock = serve();
    renderApp('/templates/t1');
    fireEvent.change(await nameInput(), { target: { value: 'Dog Match' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Template Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Beauty' }));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'For pet shops.' } });
    fireEvent.change(screen.getByLabelText('Point of Quiz'), { target: { value: 'Sell the right food' } });
    fireEvent.click(toggle('Is Premium Template?'));
    fireEvent.click(toggle('Is Available for New Quizzes?'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(TEMPLATE_SAVED_TEXT);
    expect(savedBodies(fetchMock)).toEqual([
      {
        ...template,
        name: 'Dog Match',
        categoryId: 'c2',
        description: 'For pet shops.',
        pointOfQuiz: 'Sell the right food',
        isExtra: true,
        isAvailableForNewQuizzes: false,
        quiz: { ...template.quiz, name: 'Dog Match' },
      },
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("edits the template's quiz with the quiz editor's tabs, and saves it with the template", async () => {
    const fetchMock = serve();
    renderApp('/templates/t1/start-page');
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Find your dog' } });
    fireEvent.click(screen.getByRole('link', { name: 'Outcomes' }));
    expect(await screen.findByText('Adventure Buddy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The Outcomes tab has a status region of its own (drag and drop announcements).
    expect(await screen.findByText(TEMPLATE_SAVED_TEXT)).toBeTruthy();
    expect(savedBodies(fetchMock)).toEqual([
      { ...template, quiz: { ...template.quiz, title: 'Find your dog' } },
    ]);
  });

  it('says a save made offline did not go, and keeps the changes for the next Save', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const fetchMock = serve([
      on(
        saveTemplateEndpoint,
        ({ body }) => {
          if (!online) throw new TypeError('Failed to fetch');
          return { status: 200, body: { ...(body as Template), revision: 4 } };
        },
        { id: 't1' },
      ),
    ]);
    renderApp('/templates/t1');
    fireEvent.change(await nameInput(), { target: { value: 'Dog Match' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "You're offline. Your changes are kept here; save again when you're back online.",
    );
    expect((await nameInput()).value).toBe('Dog Match');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    online = true;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(TEMPLATE_SAVED_TEXT);
    expect(savedBodies(fetchMock).map((saved) => saved.name)).toEqual(['Dog Match', 'Dog Match']);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('refuses to save without a template name', async () => {
    const fetchMock = serve();
    renderApp('/templates/t1');
    fireEvent.change(await nameInput(), { target: { value: '  ' } });
    expect(screen.getByText(TEMPLATE_NAME_REQUIRED_TEXT, { selector: '.field__error' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(TEMPLATE_NAME_REQUIRED_TEXT);
    expect(savedBodies(fetchMock)).toEqual([]);
  });

  it("shows the server's text when it refuses the template, and the default error otherwise", async () => {
    let status = 400;
    const refusal = 'That template category does not exist. Please choose another one.';
    serve([
      on(saveTemplateEndpoint, () => ({ status, body: { error: refusal, code: 'validation_failed' } }), {
        id: 't1',
      }),
    ]);
    renderApp('/templates/t1');
    await nameInput();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    status = 500;
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT));
  });

  it('undoes and redoes template settings and quiz edits in the order they were made', async () => {
    serve();
    renderApp('/templates/t1');
    await nameInput();
    fireEvent.click(toggle('Is Premium Template?'));
    fireEvent.click(screen.getByRole('link', { name: 'Start Page' }));
    const useStartPage = await screen.findByRole('switch', { name: 'Use Start Page' });
    const wasEnabled = useStartPage.getAttribute('aria-checked');
    fireEvent.click(useStartPage);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(screen.getByRole('switch', { name: 'Use Start Page' }).getAttribute('aria-checked')).toBe(
      wasEnabled,
    );
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Configure' }));
    expect(
      (await screen.findByRole('switch', { name: 'Is Premium Template?' })).getAttribute('aria-checked'),
    ).toBe('true');
  });

  it('asks before closing with unsaved template settings, and closes to the template list', async () => {
    serve();
    const router = renderApp('/templates/t1');
    await nameInput();
    fireEvent.click(toggle('Is Available for New Quizzes?'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = await screen.findByRole('dialog', { name: UNSAVED_CHANGES_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/templates/t1');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
  });

  it("previews the template's quiz full screen", async () => {
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    serve();
    renderApp('/templates/t1');
    fireEvent.change(await nameInput(), { target: { value: 'Dog Match' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const overlay = screen.getByRole('dialog', { name: 'Dog Match' });
    expect(within(overlay).getByTitle(PREVIEW_FRAME_TITLE)).toBeTruthy();
    const data = JSON.parse(String(new FormData(submitted[0] as HTMLFormElement).get('data')));
    expect(data).toEqual({ ...template.quiz, name: 'Dog Match' });
  });

  it('is not there for an account that is not an admin', async () => {
    const fetchMock = routeFetch([on(meEndpoint, accountHolder()), on(getTemplateEndpoint, template)]);
    renderApp('/templates/t1');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
    expect(receivedCalls(fetchMock).map((call) => call.route)).not.toContain('GET /api/templates/t1');
  });

  it('shows the Not-found page for a template that does not exist', async () => {
    routeFetch([on(meEndpoint, accountHolder({}, true)), on(getTemplateEndpoint, notFound)]);
    renderApp('/templates/missing');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeTruthy();
  });
});

describe('a template save over a revision saved elsewhere', () => {
  const theirs: Template = { ...template, name: 'Their name', revision: 5 };
  const stale: StaleRevisionBody = {
    error: 'This template was saved by grace@example.com after you opened it.',
    code: 'conflict',
    revision: 5,
    savedBy: 'grace@example.com',
    savedAt: '2026-11-23T10:15:00.000Z',
  };

  /** The server holds revision 5; a save over 3 is refused, a save over 5 goes through. */
  function serveNewerRevision() {
    let loads = 0;
    return serve([
      on(
        getTemplateEndpoint,
        () => {
          loads += 1;
          return { status: 200, body: loads === 1 ? template : theirs };
        },
        { id: 't1' },
      ),
      on(
        saveTemplateEndpoint,
        ({ body }) =>
          (body as Template).revision === 5
            ? { status: 200, body: { ...(body as Template), revision: 6 } }
            : answerWith(409, stale),
        { id: 't1' },
      ),
    ]);
  }

  async function saveOverTheirs() {
    renderApp('/templates/t1');
    fireEvent.change(await nameInput(), { target: { value: 'My name' } });
    fireEvent.click(toggle('Is Premium Template?'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    return screen.findByRole('dialog', { name: TEMPLATE_CONFLICT_TITLE });
  }

  it('overwrites their revision with this template when asked', async () => {
    const fetchMock = serveNewerRevision();
    const dialog = await saveOverTheirs();
    expect(dialog.textContent).toContain('Saved by grace@example.com on Nov 23, 2026');
    fireEvent.click(within(dialog).getByRole('button', { name: OVERWRITE_WITH_MINE }));
    expect((await screen.findByRole('status')).textContent).toBe(TEMPLATE_SAVED_TEXT);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(savedBodies(fetchMock).map((body) => [body.name, body.isExtra, body.revision])).toEqual([
      ['My name', true, 3],
      ['My name', true, 5],
    ]);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it('reloads their version, dropping the edits, when asked', async () => {
    serveNewerRevision();
    const dialog = await saveOverTheirs();
    fireEvent.click(within(dialog).getByRole('button', { name: RELOAD_THEIR_VERSION }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await nameInput()).value).toBe('Their name');
    expect(toggle('Is Premium Template?').getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });
});
