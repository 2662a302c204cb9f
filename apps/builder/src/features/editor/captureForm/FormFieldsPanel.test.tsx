import { meEndpoint } from '@quizbeam/contracts/auth';
import { type HtmlForm, listHtmlFormsEndpoint } from '@quizbeam/contracts/htmlForms';
import { listActiveConnectionsEndpoint } from '@quizbeam/contracts/integrations';
import {
  DUPLICATE_LEAD_FIELD_KEY_TEXT,
  LEAD_FIELD_CHOICES_REQUIRED_TEXT,
  LEAD_FIELD_LABEL_REQUIRED_TEXT,
} from '@quizbeam/contracts/leadFormFields';
import { type Quiz, quizSchema } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { listWebhooksEndpoint } from '@quizbeam/contracts/webhooks';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { renderApp } from '../../../test/renderApp';
import { BEFORE_QUESTIONS_LABEL, BEFORE_RESULTS_LABEL, PLACEMENT_LABEL } from './LeadFormPlacementField';
import {
  ADD_FIELD_LABEL,
  CHOICES_LABEL,
  HTML_FORM_FIELD_LABEL,
  KEY_LABEL,
  NO_FORM_CHOSEN_NOTE,
  SERVICE_FIELD_LABEL,
} from './leadFieldTexts';

const signupForm: HtmlForm = {
  id: '6a1f8e0c-2b3d-4e5f-8a7b-9c0d1e2f3a4b',
  name: 'Signup',
  originalMarkup: '<form action="https://forms.example/join" method="post">…</form>',
  data: {
    method: 'post',
    action: 'https://forms.example/join',
    fields: [
      { name: 'EMAIL', type: 'email', value: '', label: 'Email' },
      { name: 'PHONE', type: 'tel', value: '', label: 'Phone' },
      { name: 'list', type: 'hidden', value: 'a', label: '' },
      { name: 'go', type: 'submit', value: 'Join', label: '' },
    ],
    submit: { name: 'go', value: 'Join' },
  },
};

function quizWithQuestions(): Quiz {
  const { quiz } = buildQuiz({
    type: 'general',
    questions: [{ text: 'Age?' }, { text: 'Budget?' }],
    outcomes: ['A'],
  });
  return { ...quiz, id: '7' };
}

function serve(quiz: Quiz) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    on(listHtmlFormsEndpoint, [signupForm], { account: 'account-1' }),
    on(listWebhooksEndpoint, [], { account: 'account-1' }),
    on(listActiveConnectionsEndpoint, { items: [] }, { account: 'account-1' }),
  ]);
}

async function savedBody(fetchMock: ReturnType<typeof serve>): Promise<Quiz> {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await screen.findByText('Quiz has been saved.');
  const put = receivedCalls(fetchMock).findLast((call) => call.route === 'PUT /api/quizzes/7');
  return put?.body as Quiz;
}

async function choose(dropdownName: string, optionName: string, container: HTMLElement = document.body) {
  fireEvent.click(await within(container).findByRole('combobox', { name: dropdownName }));
  fireEvent.click(screen.getByRole('option', { name: optionName }));
}

async function addField(kindName: string) {
  fireEvent.click(await screen.findByRole('button', { name: ADD_FIELD_LABEL }));
  fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: kindName }));
}

const fieldCard = (name: string) => screen.getByRole('region', { name });

describe('Capture Form tab: form fields', () => {
  it('adds fields, whose key follows the label, and saves them as the quiz takes them', async () => {
    const fetchMock = serve(quizWithQuestions());
    renderApp('/quizzes/7/capture-form');
    await addField('Text');
    const text = fieldCard('Your answer');
    expect(document.activeElement).toBe(within(text).getByLabelText('Label'));
    fireEvent.change(within(text).getByLabelText('Label'), { target: { value: 'Job title' } });
    expect((within(text).getByLabelText(KEY_LABEL) as HTMLInputElement).value).toBe('job_title');
    fireEvent.click(within(text).getByRole('switch', { name: 'Required' }));
    await addField('Choice list');
    const choice = fieldCard('Choose one');
    fireEvent.change(within(choice).getByLabelText(CHOICES_LABEL), { target: { value: 'Small\n\nLarge\n' } });
    expect((within(choice).getByLabelText(CHOICES_LABEL) as HTMLTextAreaElement).value).toBe(
      'Small\n\nLarge\n',
    );
    const saved = await savedBody(fetchMock);
    expect(quizSchema.safeParse(saved).success).toBe(true);
    expect(saved.leadCaptureSettings.fields).toEqual([
      expect.objectContaining({ kind: 'text', label: 'Job title', key: 'job_title', required: true }),
      expect.objectContaining({
        kind: 'choice',
        key: 'choose_one',
        required: false,
        choices: ['Small', 'Large'],
      }),
    ]);
  });

  it('moves fields with the keyboard, keeping the focus on the moved field, and removes them', async () => {
    const fetchMock = serve(quizWithQuestions());
    renderApp('/quizzes/7/capture-form');
    for (const kind of ['Phone', 'Company', 'Website']) await addField(kind);
    const moveUp = within(fieldCard('Website')).getByRole('button', { name: 'Move Website up' });
    moveUp.focus();
    fireEvent.click(moveUp);
    expect(document.activeElement).toBe(moveUp);
    expect(screen.getByRole('status').textContent).toBe('Website is field 2 of 3.');
    fireEvent.click(within(fieldCard('Phone')).getByRole('button', { name: 'Remove Phone' }));
    expect(screen.queryByRole('region', { name: 'Phone' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: ADD_FIELD_LABEL }));
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings.fields?.map((field) => field.key)).toEqual(['website', 'company']);
  });

  it('places the form before the results, before the first question or after a chosen question', async () => {
    const fetchMock = serve(quizWithQuestions());
    renderApp('/quizzes/7/capture-form');
    const placement = await screen.findByRole('combobox', { name: PLACEMENT_LABEL });
    expect(placement.textContent).toContain(BEFORE_RESULTS_LABEL);
    await choose(PLACEMENT_LABEL, 'After question 2: Budget?');
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings.placement).toEqual({
      at: 'after_question',
      questionId: saved.questions[1]?.id,
    });
    await choose(PLACEMENT_LABEL, BEFORE_QUESTIONS_LABEL);
    expect((await savedBody(fetchMock)).leadCaptureSettings.placement).toEqual({ at: 'before_questions' });
  });

  it('shows each problem beside its field: no label, a key used twice, a choice list without choices', async () => {
    serve(quizWithQuestions());
    renderApp('/quizzes/7/capture-form');
    // The menu of kinds works from the keyboard.
    const add = await screen.findByRole('button', { name: ADD_FIELD_LABEL });
    fireEvent.click(add);
    expect(document.activeElement?.textContent).toBe('Phone');
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Company');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(document.activeElement).toBe(add);
    expect(screen.queryByRole('menu')).toBeNull();
    await addField('Company');
    await addField('Choice list');
    const choice = fieldCard('Choose one');
    fireEvent.change(within(choice).getByLabelText(KEY_LABEL), { target: { value: 'Company' } });
    expect(within(choice).getByText(DUPLICATE_LEAD_FIELD_KEY_TEXT)).toBeTruthy();
    fireEvent.change(within(choice).getByLabelText(CHOICES_LABEL), { target: { value: ' \n' } });
    expect(within(choice).getByText(LEAD_FIELD_CHOICES_REQUIRED_TEXT)).toBeTruthy();
    fireEvent.change(within(choice).getByLabelText('Label'), { target: { value: '' } });
    const untitled = fieldCard('Untitled field');
    expect(within(untitled).getByText(LEAD_FIELD_LABEL_REQUIRED_TEXT)).toBeTruthy();
    expect(within(untitled).getByLabelText('Label').getAttribute('aria-invalid')).toBe('true');
    expect(within(fieldCard('Company')).queryByText(DUPLICATE_LEAD_FIELD_KEY_TEXT)).toBeNull();
  });

  it('maps each field to the email service’s field or to one of the HTML form’s fields', async () => {
    const fetchMock = serve(quizWithQuestions());
    renderApp('/quizzes/7/capture-form');
    await addField('Phone');
    const phone = fieldCard('Phone');
    expect(within(phone).queryByRole('combobox', { name: HTML_FORM_FIELD_LABEL })).toBeNull();
    fireEvent.change(within(phone).getByLabelText(SERVICE_FIELD_LABEL), { target: { value: 'PHONE' } });

    await choose('Send Leads To', 'An HTML form');
    expect(within(phone).queryByLabelText(SERVICE_FIELD_LABEL)).toBeNull();
    expect(within(phone).getByText(NO_FORM_CHOSEN_NOTE)).toBeTruthy();
    await choose('HTML Form', 'Signup');
    fireEvent.click(within(phone).getByRole('combobox', { name: HTML_FORM_FIELD_LABEL }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'None',
      'EMAIL',
      'PHONE',
      'list',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'PHONE' }));
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings.fields?.[0]).toMatchObject({
      serviceField: 'PHONE',
      htmlFormField: 'PHONE',
    });
  });
});
