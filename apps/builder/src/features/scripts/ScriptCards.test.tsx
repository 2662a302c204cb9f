import { meEndpoint } from '@quizbeam/contracts/auth';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import {
  getAccountScriptEndpoint,
  getQuizScriptEndpoint,
  type ScriptEventType,
  saveAccountScriptEndpoint,
  saveQuizScriptEndpoint,
} from '@quizbeam/contracts/scripts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  accountHolder,
  answerWith,
  type FakeAnswer,
  type FakeRequest,
  type FakeRoute,
  on,
  receivedCalls,
  routeFetch,
} from '../../test/fakeServer';
import { sampleQuiz } from '../../test/quizzes';
import { renderApp } from '../../test/renderApp';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import {
  ACCOUNT_SCRIPTS_NOTE,
  ACCOUNT_SCRIPTS_REPUBLISH_NOTE,
  CODE_SET_TEXT,
  editScriptLabel,
  LEAD_DATA_NOTE,
  NO_CODE_TEXT,
  QUIZ_SCRIPTS_NOTE,
  SCRIPT_EVENT_TEXTS,
  SCRIPT_MODAL_TITLE,
  WRAP_IN_SCRIPT_TAGS_NOTE,
} from './scriptTexts';

/** Each screen's script endpoints, the path values naming its scripts, and where its calls go. */
const screens = [
  {
    name: 'quiz editor Scripts tab',
    path: '/quizzes/7/scripts',
    load: getQuizScriptEndpoint,
    save: saveQuizScriptEndpoint,
    owner: { quizId: '7' },
    scriptPath: '/api/quizzes/7/scripts',
  },
  {
    name: 'account Scripts page',
    path: '/scripts',
    load: getAccountScriptEndpoint,
    save: saveAccountScriptEndpoint,
    owner: { account: 'account-1' },
    scriptPath: '/accounts/account-1/scripts',
  },
] as const;

/** What the server answers to a script's GET or PUT: the stored script, an explicit answer, or a function. */
type ScriptAnswer = { code: string } | ReturnType<typeof answerWith> | ((request: FakeRequest) => FakeAnswer);

const failure = answerWith(500, { error: 'Something went wrong on our side.', code: 'internal' });
const stored = (code: string): FakeAnswer => ({ status: 200, body: { code } });

/** Answers the first GET of a script with `first`, every later one with `later`. */
function firstThen(first: FakeAnswer, later: FakeAnswer) {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? first : later;
  };
}

describe.each(screens)('$name', ({ path, load, save, owner, scriptPath }) => {
  const scriptUrl = (type: ScriptEventType) => `${scriptPath}/${type}`;
  const onLoad = (type: ScriptEventType, answer: ScriptAnswer) => on(load, answer, { ...owner, type });
  const onSave = (type: ScriptEventType, answer: ScriptAnswer) => on(save, answer, { ...owner, type });

  /** Opens the screen; `scripts` answer before the defaults (no code stored for either event). */
  async function open(scripts: FakeRoute[]) {
    const fetchMock = routeFetch([
      ...scripts,
      on(meEndpoint, accountHolder()),
      on(getQuizEndpoint, sampleQuiz({ id: '7' }), { id: '7' }),
      onLoad('on-start-page', { code: '' }),
      onLoad('on-opt-in', { code: '' }),
      onLoad('on-complete', { code: '' }),
    ]);
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Scripts', level: 1 })).toBeTruthy();
    return fetchMock;
  }

  const card = (type: ScriptEventType) =>
    screen.getByRole('listitem', { name: SCRIPT_EVENT_TEXTS[type].title });
  const callsTo = (fetchMock: ReturnType<typeof routeFetch>, route: string) =>
    receivedCalls(fetchMock).filter((call) => call.route === route);

  it('shows the three cards with their explanation and whether code is set', async () => {
    await open([
      onLoad('on-opt-in', { code: '<script>lead()</script>' }),
      onLoad('on-complete', { code: '<script>done()</script>' }),
    ]);
    await waitFor(() => expect(within(card('on-opt-in')).getByText(CODE_SET_TEXT)).toBeTruthy());
    expect(within(card('on-complete')).getByText(CODE_SET_TEXT)).toBeTruthy();
    expect(within(card('on-start-page')).getByText(NO_CODE_TEXT)).toBeTruthy();
    const cards = within(card('on-start-page').parentElement as HTMLElement).getAllByRole('listitem');
    expect(cards.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Start Page Load',
      'Opt-In',
      'Completion',
    ]);
    expect(card('on-start-page').textContent).toContain('does not run when the quiz has no start page');
    expect(card('on-opt-in').textContent).toContain('capture form');
    expect(card('on-opt-in').textContent).toContain('API integration or Zapier');
    expect(card('on-complete').textContent).toContain('Runs when the visitor reaches the result.');
    for (const type of ['on-start-page', 'on-opt-in', 'on-complete'] as const) {
      expect(screen.getByRole('button', { name: editScriptLabel(type) })).toBeTruthy();
    }
  });

  it('tells the Opt-In and Completion scripts where the lead is, and not the Start Page Load script', async () => {
    await open([]);
    for (const type of ['on-opt-in', 'on-complete'] as const) {
      const variable = within(card(type)).getByText('window.quizbeam.lead');
      expect(variable.tagName).toBe('CODE');
      expect(variable.parentElement?.textContent).toBe(`${LEAD_DATA_NOTE} window.quizbeam.lead.`);
    }
    expect(card('on-start-page').textContent).not.toContain('window.quizbeam');
  });

  it('saves a Completion script under its own event', async () => {
    let code = '';
    const fetchMock = await open([
      onLoad('on-complete', () => stored(code)),
      onSave('on-complete', ({ body }) => {
        code = (body as { code: string }).code;
        return stored(code);
      }),
    ]);
    await waitFor(() => expect(within(card('on-complete')).getByText(NO_CODE_TEXT)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: editScriptLabel('on-complete') }));
    const dialog = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
    fireEvent.change(within(dialog).getByLabelText('Code'), {
      target: { value: "<script>fbq('track', 'Purchase', window.quizbeam.lead)</script>" },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card('on-complete')).getByText(CODE_SET_TEXT)).toBeTruthy());
    expect(callsTo(fetchMock, `PUT ${scriptUrl('on-complete')}`)).toEqual([
      {
        route: `PUT ${scriptUrl('on-complete')}`,
        body: { code: "<script>fbq('track', 'Purchase', window.quizbeam.lead)</script>" },
      },
    ]);
    expect(callsTo(fetchMock, `PUT ${scriptUrl('on-opt-in')}`)).toEqual([]);
  });

  it('loads the script, then opens the modal with it; Save sends the typed code and closes', async () => {
    let code = '<script>old()</script>';
    const fetchMock = await open([
      onLoad('on-start-page', () => stored(code)),
      onSave('on-start-page', ({ body }) => {
        code = (body as { code: string }).code;
        return stored(code);
      }),
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: editScriptLabel('on-start-page') }));
    const dialog = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
    const textarea = within(dialog).getByLabelText('Code') as HTMLTextAreaElement;
    expect(textarea.value).toBe('<script>old()</script>');
    expect(dialog.textContent).toContain(WRAP_IN_SCRIPT_TAGS_NOTE);

    // Not checked on the client: even code that is not a script is sent as typed.
    fireEvent.change(textarea, { target: { value: 'not <b>valid</b> js (' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, `PUT ${scriptUrl('on-start-page')}`)).toEqual([
      { route: `PUT ${scriptUrl('on-start-page')}`, body: { code: 'not <b>valid</b> js (' } },
    ]);
    expect(callsTo(fetchMock, `PUT ${scriptUrl('on-opt-in')}`)).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the card as set after saving code, and as empty after clearing it', async () => {
    let code = '';
    await open([
      onLoad('on-opt-in', () => stored(code)),
      onSave('on-opt-in', ({ body }) => {
        code = (body as { code: string }).code;
        return stored(code);
      }),
    ]);
    await waitFor(() => expect(within(card('on-opt-in')).getByText(NO_CODE_TEXT)).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: editScriptLabel('on-opt-in') }));
    const dialog = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '<script>x()</script>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card('on-opt-in')).getByText(CODE_SET_TEXT)).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: editScriptLabel('on-opt-in') }));
    const again = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
    fireEvent.change(within(again).getByLabelText('Code'), { target: { value: '' } });
    expect(within(card('on-opt-in')).getByText(CODE_SET_TEXT)).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card('on-opt-in')).getByText(NO_CODE_TEXT)).toBeTruthy());
    expect(code).toBe('');
  });

  it('warns about code with no <script> tag, which would not run, and still saves it', async () => {
    const codes: Record<ScriptEventType, string> = {
      'on-start-page': '',
      'on-opt-in': '',
      'on-complete': '',
    };
    const fetchMock = await open(
      (['on-start-page', 'on-opt-in', 'on-complete'] as const).flatMap((type) => [
        onLoad(type, () => stored(codes[type])),
        onSave(type, ({ body }) => {
          codes[type] = (body as { code: string }).code;
          return stored(codes[type]);
        }),
      ]),
    );
    const warning =
      'This code has no <script> tag, so it will not run. It is added to the page as HTML: wrap JavaScript ' +
      'in <script> and </script> tags, or visitors will see it as text.';
    for (const type of ['on-start-page', 'on-opt-in', 'on-complete'] as const) {
      fireEvent.click(screen.getByRole('button', { name: editScriptLabel(type) }));
      const dialog = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
      const textarea = within(dialog).getByLabelText('Code');
      const described = () =>
        (textarea.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent);
      expect(within(dialog).queryByText(warning), type).toBeNull();

      const typeCode = (value: string) => fireEvent.change(textarea, { target: { value } });
      typeCode("fbq('track', 'Lead');");
      expect(within(dialog).getByText(warning), type).toBeTruthy();
      expect(described()).toContain(warning);
      typeCode("<script>fbq('track', 'Lead');</script>");
      expect(within(dialog).queryByText(warning), type).toBeNull();
      // Markup that needs no script, such as a tracking pixel, is not warned about.
      typeCode('<img src="https://pixel.example/p.gif" alt="">');
      expect(within(dialog).queryByText(warning), type).toBeNull();
      typeCode("<SCRIPT src='https://cdn.example/tag.js'></SCRIPT>");
      expect(within(dialog).queryByText(warning), type).toBeNull();

      // A warning only: Save sends the code as typed and closes.
      typeCode("fbq('track', 'Lead');");
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(callsTo(fetchMock, `PUT ${scriptUrl(type)}`)).toEqual([
        { route: `PUT ${scriptUrl(type)}`, body: { code: "fbq('track', 'Lead');" } },
      ]);

      // The stored code is warned about as soon as the modal opens again.
      fireEvent.click(screen.getByRole('button', { name: editScriptLabel(type) }));
      const again = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
      expect(within(again).getByText(warning), type).toBeTruthy();
      fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    }
  });

  it('Cancel closes the modal without sending anything', async () => {
    const fetchMock = await open([]);
    fireEvent.click(screen.getByRole('button', { name: editScriptLabel('on-opt-in') }));
    const dialog = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '<script>x()</script>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(receivedCalls(fetchMock).filter((call) => call.route.startsWith('PUT '))).toEqual([]);
  });

  it('shows the default error and no modal when the script fails to load', async () => {
    const fetchMock = await open([onLoad('on-start-page', firstThen(stored(''), failure))]);
    await waitFor(() => expect(within(card('on-start-page')).getByText(NO_CODE_TEXT)).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: editScriptLabel('on-start-page') }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(callsTo(fetchMock, `GET ${scriptUrl('on-start-page')}`)).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the default error when the scripts fail to load on arrival', async () => {
    await open([onLoad('on-opt-in', failure)]);
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.queryByText(CODE_SET_TEXT)).toBeNull();
    expect(screen.queryByText(NO_CODE_TEXT)).toBeNull();
  });

  it('keeps the modal open with the typed code when saving fails', async () => {
    const fetchMock = await open([onSave('on-opt-in', failure)]);
    fireEvent.click(screen.getByRole('button', { name: editScriptLabel('on-opt-in') }));
    const dialog = await screen.findByRole('dialog', { name: SCRIPT_MODAL_TITLE });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: '<script>keep()</script>' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.getByRole('dialog', { name: SCRIPT_MODAL_TITLE })).toBe(dialog);
    expect((within(dialog).getByLabelText('Code') as HTMLTextAreaElement).value).toBe(
      '<script>keep()</script>',
    );
    await waitFor(() =>
      expect((within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    expect(callsTo(fetchMock, `PUT ${scriptUrl('on-opt-in')}`)).toHaveLength(1);
  });
});

describe('Scripts notes', () => {
  it('tells quiz editors that changes take effect when the quiz is (re)published', async () => {
    routeFetch([on(meEndpoint, accountHolder()), on(getQuizEndpoint, sampleQuiz({ id: '7' }), { id: '7' })]);
    renderApp('/quizzes/7/scripts');
    expect(await screen.findByText(QUIZ_SCRIPTS_NOTE)).toBeTruthy();
    expect(QUIZ_SCRIPTS_NOTE).toMatch(/republish/);
  });

  it('tells account holders the scripts apply to every quiz and need a republish', async () => {
    routeFetch([on(meEndpoint, accountHolder())]);
    renderApp('/scripts');
    expect(await screen.findByText(ACCOUNT_SCRIPTS_NOTE)).toBeTruthy();
    expect(screen.getByText(ACCOUNT_SCRIPTS_REPUBLISH_NOTE)).toBeTruthy();
    expect(ACCOUNT_SCRIPTS_NOTE).toContain('every quiz');
  });
});
