import { NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import { getTrackingDefaultsEndpoint } from '@quizbeam/contracts/trackingDefaults';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { on } from '../../../test/fakeServer';
import { PUBLISH_URL, publishedQuiz, servePublishing } from '../../../test/publishing';
import { renderApp } from '../../../test/renderApp';
import { EMBED_CONSENT_NOTE, EMBED_PREVIEW_TITLE } from './embedTexts';

const QUIZ_URL = `${PUBLISH_URL}/abc12345`;
const SCRIPT = `<script src="${PUBLISH_URL}/_q/embed.js" async></script>`;

// The route loads the tab lazily; loading it once up front keeps the first test within findBy's timeout.
beforeAll(async () => {
  await import('../PublishTab');
});

const modes = () => screen.getByRole('group', { name: 'Embed As' });
const codeOf = (label: string) => (screen.getByLabelText(label) as HTMLTextAreaElement).value;

async function choose(name: string) {
  await act(async () => {
    fireEvent.click(within(modes()).getByRole('radio', { name }));
  });
}

async function type(label: string, value: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  });
}

async function openPublishedTab(quizChanges = {}) {
  servePublishing(publishedQuiz({ title: 'Which dog fits you?', ...quizChanges }));
  renderApp('/quizzes/7/publish');
  await screen.findByRole('link', { name: QUIZ_URL });
}

describe('the Publish tab’s embed codes', () => {
  it('offers the four modes as a radio group, inline first and chosen, with its code unchanged', async () => {
    await openPublishedTab();
    const choices = within(modes()).getAllByRole('radio') as HTMLInputElement[];
    expect(choices.map((choice) => choice.labels?.[0]?.textContent)).toEqual([
      'Inline',
      'Popup',
      'Slide-In',
      'Full Page',
    ]);
    expect(choices.map((choice) => choice.checked)).toEqual([true, false, false, false]);
    expect(codeOf('Inline Embed Code')).toBe(
      `<div data-quizbeam-quiz="${QUIZ_URL}" style="width:100%"></div>\n${SCRIPT}`,
    );
    expect(screen.queryByLabelText('Open')).toBeNull();
  });

  it('writes a popup with its button and the quiz’s title, and a slide-in after a delay from a corner', async () => {
    await openPublishedTab();
    await choose('Popup');
    await type('Button Text', 'Find your dog');
    expect(codeOf('Popup Embed Code')).toBe(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="popup" data-quizbeam-trigger="click" ` +
        `data-quizbeam-button="Find your dog" data-quizbeam-title="Which dog fits you?"></div>\n${SCRIPT}`,
    );

    await choose('Slide-In');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Open'), { target: { value: 'delay' } });
    });
    await type('Delay (seconds)', '12');
    await type('Do Not Show Again For (days)', '7');
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: 'Bottom left' }));
    });
    expect(screen.queryByLabelText('Button Text')).toBeNull();
    expect(codeOf('Slide-In Embed Code')).toBe(
      `<div data-quizbeam-quiz="${QUIZ_URL}" data-quizbeam-mode="slide-in" data-quizbeam-trigger="delay" ` +
        'data-quizbeam-delay="12" data-quizbeam-corner="left" data-quizbeam-cap-days="7" ' +
        `data-quizbeam-title="Which dog fits you?"></div>\n${SCRIPT}`,
    );
  });

  it('says inline why a nonsense value is not used, and the code holds the default', async () => {
    await openPublishedTab();
    await choose('Full Page');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Open'), { target: { value: 'scroll' } });
    });
    await type('Scrolled (percent of the page)', '250');
    await type('Do Not Show Again For (days)', 'soon');
    const scroll = screen.getByLabelText('Scrolled (percent of the page)');
    expect(scroll.getAttribute('aria-invalid')).toBe('true');
    const describedBy = scroll.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'Use a scroll depth from 1 to 100 percent; 50 is used.',
    ]);
    expect(screen.getByText('Use from 0 to 365 days (0 shows it on every visit); 0 is used.')).toBeTruthy();
    expect(codeOf('Full Page Embed Code')).toContain('data-quizbeam-scroll="50" data-quizbeam-cap-days="0"');
  });

  it('marks the code of a quiz that asks for consent, so the cap is stored only after Accept', async () => {
    await openPublishedTab({
      tracking: { useAccountDefaults: false, own: { ...NO_BROWSER_TRACKING, askConsent: true } },
    });
    await choose('Popup');
    expect(screen.queryByText(EMBED_CONSENT_NOTE)).toBeNull();
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Open'), { target: { value: 'exit' } });
    });
    expect(codeOf('Popup Embed Code')).toContain('data-quizbeam-consent="required"');
    expect(screen.getByText(EMBED_CONSENT_NOTE)).toBeTruthy();
  });

  it('follows the account’s consent setting when the quiz uses the account’s tags', async () => {
    servePublishing(publishedQuiz(), [
      on(getTrackingDefaultsEndpoint, () => ({
        status: 200,
        body: { ...NO_BROWSER_TRACKING, askConsent: false },
      })),
    ]);
    renderApp('/quizzes/7/publish');
    await screen.findByRole('link', { name: QUIZ_URL });
    await choose('Slide-In');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Open'), { target: { value: 'delay' } });
    });
    await waitFor(() => expect(codeOf('Slide-In Embed Code')).not.toContain('consent'));
  });

  it('previews the code in a sandboxed frame of the app’s preview page', async () => {
    await openPublishedTab();
    await choose('Popup');
    const frame = (await screen.findByTitle(EMBED_PREVIEW_TITLE)) as HTMLIFrameElement;
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-forms allow-popups');
    // The frame loads again once the options stay the same for a moment.
    const src = () => new URL((screen.getByTitle(EMBED_PREVIEW_TITLE) as HTMLIFrameElement).src);
    await waitFor(() => expect(src().searchParams.get('mode')).toBe('popup'), { timeout: 2000 });
    expect(src().pathname).toBe('/accounts/account-1/embed-preview');
    expect(src().searchParams.get('quiz')).toBe(QUIZ_URL);
  });
});
