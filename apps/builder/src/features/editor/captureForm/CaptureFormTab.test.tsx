import { meEndpoint } from '@quizbeam/contracts/auth';
import { type HtmlForm, listHtmlFormsEndpoint } from '@quizbeam/contracts/htmlForms';
import { listActiveConnectionsEndpoint } from '@quizbeam/contracts/integrations';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { listWebhooksEndpoint, type Webhook } from '@quizbeam/contracts/webhooks';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, on, receivedCalls, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { CAPTURE_PREVIEW_SANDBOX, CAPTURE_PREVIEW_TITLE } from './CapturePreview';
import { CHECKBOX_CHOICE_LABELS, CHECKBOXES_NOTE, CONSENT_BOX_OFF_WARNING } from './CheckboxChoices';
import { NO_HTML_FORMS_TEXT } from './HtmlFormPicker';
import { NO_INTEGRATIONS_TEXT } from './IntegrationTargetPicker';
import { REQUIRED_FIELDS_NOTE } from './leadFieldTexts';
import { NO_WEBHOOKS_TEXT } from './WebhookPicker';

const newsletterForm: HtmlForm = {
  id: '6a1f8e0c-2b3d-4e5f-8a7b-9c0d1e2f3a4b',
  name: 'Newsletter',
  originalMarkup: '<form action="https://forms.example/join" method="post">…</form>',
  data: {
    method: 'post',
    action: 'https://forms.example/join',
    fields: [
      { name: 'list', type: 'hidden', value: 'dogs', label: '' },
      { name: 'LNAME', type: 'text', value: '', label: 'Last name' },
      { name: 'FNAME', type: 'text', value: '', label: 'First name' },
      { name: 'contact', type: 'email', value: '', label: 'Email' },
    ],
    submit: { name: 'subscribe', value: 'Join' },
  },
};

const crmWebhook: Webhook = {
  id: '0d9c8b7a-6f5e-4d3c-8b2a-1f0e9d8c7b6a',
  name: 'CRM',
  url: 'https://crm.example/hooks/leads',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function serve(quiz: Quiz, { forms = [newsletterForm], webhooks = [crmWebhook] } = {}) {
  return routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(saveQuizEndpoint, ({ body }) => ({ status: 200, body }), { id: '7' }),
    on(listHtmlFormsEndpoint, forms, { account: 'account-1' }),
    on(listWebhooksEndpoint, webhooks, { account: 'account-1' }),
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

const previewDocument = () =>
  (screen.getByTitle(CAPTURE_PREVIEW_TITLE) as HTMLIFrameElement).contentDocument as Document;

const twoOutcomeQuiz = () => ({
  ...buildQuiz({ type: 'general', outcomes: ['Beagle', 'Poodle'] }).quiz,
  id: '7',
});

describe('Capture Form tab', () => {
  it('turns lead capture on and saves it with the default texts', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/capture-form');
    const enable = await screen.findByRole('switch', { name: 'Enable Lead Capture' });
    expect(enable.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Include Name Field' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByText(REQUIRED_FIELDS_NOTE)).toBeTruthy();
    fireEvent.click(enable);
    fireEvent.click(screen.getByRole('switch', { name: 'Skippable' }));
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings).toMatchObject({
      enabled: true,
      skippable: true,
      captureName: true,
      headerText: 'You’re All Done!',
      descriptionText: 'Enter your e-mail address below to get your results',
    });
  });

  it('shows the typed texts and switches in the script-less preview', async () => {
    serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/capture-form');
    const header = await screen.findByLabelText('Header');
    const frame = screen.getByTitle(CAPTURE_PREVIEW_TITLE);
    expect(frame.getAttribute('sandbox')).toBe(CAPTURE_PREVIEW_SANDBOX);
    expect(previewDocument().querySelector('h1')?.textContent).toBe('You’re All Done!');
    fireEvent.change(header, { target: { value: 'One last step' } });
    fireEvent.change(screen.getByLabelText('Footer Note'), { target: { value: 'No spam, ever.' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Include Name Field' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Use Confirmation Checkbox' }));
    fireEvent.change(screen.getByLabelText('Privacy Policy URL'), {
      target: { value: 'dogs.example/privacy' },
    });
    fireEvent.blur(screen.getByLabelText('Privacy Policy URL'));
    const preview = previewDocument();
    expect(preview.querySelector('h1')?.textContent).toBe('One last step');
    expect(preview.querySelector('.qb-note')?.textContent).toBe('No spam, ever.');
    expect(preview.querySelector('input[name="name"]')).toBeNull();
    expect(preview.querySelector('label[for="qb-consent"]')?.textContent).toBe(
      'I confirm I have read the Privacy Policy and understand how my data will be used.',
    );
    expect(preview.querySelector('a')?.getAttribute('href')).toBe('https://dogs.example/privacy');
    expect(preview.querySelector('script')).toBeNull();
  });

  it('sends leads to an HTML form with a pre-filled mapping that can be changed', async () => {
    const fetchMock = serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/capture-form');
    await screen.findByText(NO_INTEGRATIONS_TEXT);
    expect(screen.getByRole('link', { name: 'Add an integration' }).getAttribute('href')).toBe(
      '/integrations',
    );
    await choose('Send Leads To', 'An HTML form');
    await choose('HTML Form', 'Newsletter');
    expect(screen.getByRole('combobox', { name: 'Name Field' }).textContent).toContain('FNAME');
    expect(screen.getByRole('combobox', { name: 'Email Field' }).textContent).toContain('contact');
    await choose('Name Field', 'LNAME');
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings.type).toBe('html-form');
    expect(saved.leadCaptureSettings.htmlFormSettings).toEqual({
      htmlFormId: newsletterForm.id,
      formData: newsletterForm.data,
      fieldMappings: { name: 'LNAME', email: 'contact', checkboxes: [] },
    });
  });

  it('leaves the form’s checkboxes unticked unless the marketer chooses, per checkbox', async () => {
    const interests: HtmlForm = {
      ...newsletterForm,
      data: {
        ...newsletterForm.data,
        fields: [
          ...newsletterForm.data.fields,
          { name: 'group[1]', type: 'checkbox', value: '1', label: 'Recipes', checked: false },
          { name: 'group[2]', type: 'checkbox', value: '2', label: 'Events', checked: false },
        ],
      },
    };
    const fetchMock = serve(sampleQuiz({ id: '7' }), { forms: [interests] });
    renderApp('/quizzes/7/capture-form');
    await choose('Send Leads To', 'An HTML form');
    await choose('HTML Form', 'Newsletter');
    expect(screen.getByText(CHECKBOXES_NOTE)).toBeTruthy();
    const recipes = screen.getByRole('combobox', { name: 'Recipes (group[1])' });
    expect(recipes.textContent).toContain('Leave unticked');
    expect(screen.getByRole('combobox', { name: 'Events (group[2])' }).textContent).toContain(
      'Leave unticked',
    );
    await choose('Recipes (group[1])', 'Always tick');
    await choose('Events (group[2])', CHECKBOX_CHOICE_LABELS.consent);
    expect(screen.getByText(CONSENT_BOX_OFF_WARNING)).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Use Confirmation Checkbox' }));
    expect(screen.queryByText(CONSENT_BOX_OFF_WARNING)).toBeNull();
    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings.htmlFormSettings?.fieldMappings.checkboxes).toEqual([
      { name: 'group[1]', value: '1', choice: 'ticked' },
      { name: 'group[2]', value: '2', choice: 'consent' },
    ]);
  });

  it('links to HTML Forms and Integrations when the account has no forms or webhooks', async () => {
    serve(sampleQuiz({ id: '7' }), { forms: [], webhooks: [] });
    renderApp('/quizzes/7/capture-form');
    await screen.findByText(NO_WEBHOOKS_TEXT);
    expect(screen.getByRole('link', { name: 'Add a webhook in Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
    await choose('Send Leads To', 'An HTML form');
    await screen.findByText(NO_HTML_FORMS_TEXT);
    expect(screen.getByRole('link', { name: 'Add an HTML form' }).getAttribute('href')).toBe('/html-forms');
  });

  it('saves each outcome’s own destination and texts with Segment by Outcome, and previews the chosen one', async () => {
    const fetchMock = serve(twoOutcomeQuiz());
    renderApp('/quizzes/7/capture-form');
    fireEvent.click(await screen.findByRole('switch', { name: 'Segment by Outcome' }));
    await choose('Send Leads To', 'An HTML form');
    const poodle = screen.getByRole('region', { name: 'Outcome 2: Poodle' });
    expect(screen.getByRole('region', { name: 'Outcome 1: Beagle' })).toBeTruthy();
    await choose('HTML Form', 'Newsletter', poodle);
    fireEvent.click(await within(poodle).findByRole('checkbox', { name: /CRM/ }));
    fireEvent.change(within(poodle).getByLabelText('Header'), {
      target: { value: 'Poodle people, one more step' },
    });
    fireEvent.change(within(poodle).getByLabelText('Footer Note'), {
      target: { value: 'Poodle news monthly.' },
    });
    fireEvent.change(within(poodle).getByLabelText('Privacy Policy URL'), {
      target: { value: 'https://poodles.example/privacy' },
    });

    expect(previewDocument().querySelector('h1')?.textContent).toBe('You’re All Done!');
    await choose('Preview Outcome', 'Outcome 2: Poodle');
    expect(previewDocument().querySelector('h1')?.textContent).toBe('Poodle people, one more step');
    expect(previewDocument().querySelector('.qb-note')?.textContent).toBe('Poodle news monthly.');

    const saved = await savedBody(fetchMock);
    expect(saved.leadCaptureSettings.usePerOutcomeSettings).toBe(true);
    expect(saved.outcomes[0]?.leadCaptureSettings).toMatchObject({ htmlFormSettings: null, webhookIds: [] });
    expect(saved.outcomes[1]?.leadCaptureSettings).toEqual({
      targetId: null,
      webhookIds: [crmWebhook.id],
      headerText: 'Poodle people, one more step',
      descriptionText: '',
      dataUsageNote: 'Poodle news monthly.',
      privacyPolicyUrl: 'https://poodles.example/privacy',
      htmlFormSettings: {
        htmlFormId: newsletterForm.id,
        formData: newsletterForm.data,
        fieldMappings: { name: 'FNAME', email: 'contact', checkboxes: [] },
      },
    });
  });

  it('starts an outcome’s texts empty, showing the quiz’s own texts they fall back to', async () => {
    const quiz = twoOutcomeQuiz();
    const fetchMock = serve({
      ...quiz,
      leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true, headerText: 'Your score is ready!' },
    });
    renderApp('/quizzes/7/capture-form');
    fireEvent.click(await screen.findByRole('switch', { name: 'Segment by Outcome' }));
    const beagle = screen.getByRole('region', { name: 'Outcome 1: Beagle' });
    const header = within(beagle).getByLabelText('Header') as HTMLInputElement;
    expect(header.value).toBe('');
    expect(header.placeholder).toBe('Your score is ready!');
    const description = within(beagle).getByLabelText('Description') as HTMLTextAreaElement;
    expect(description.value).toBe('');
    expect(description.placeholder).toBe('Enter your e-mail address below to get your results');
    await choose('Preview Outcome', 'Outcome 1: Beagle');
    expect(previewDocument().querySelector('h1')?.textContent).toBe('Your score is ready!');
    const saved = await savedBody(fetchMock);
    expect(saved.outcomes[0]?.leadCaptureSettings).toMatchObject({ headerText: '', descriptionText: '' });
  });

  it('typing a header is one undo step', async () => {
    serve(sampleQuiz({ id: '7' }));
    renderApp('/quizzes/7/capture-form');
    const header = (await screen.findByLabelText('Header')) as HTMLInputElement;
    for (const text of ['O', 'On', 'One']) fireEvent.change(header, { target: { value: text } });
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    await waitFor(() => expect(header.value).toBe('You’re All Done!'));
  });
});
