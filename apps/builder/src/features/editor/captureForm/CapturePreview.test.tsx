import { meEndpoint } from '@quizbeam/contracts/auth';
import { listHtmlFormsEndpoint } from '@quizbeam/contracts/htmlForms';
import { listActiveConnectionsEndpoint } from '@quizbeam/contracts/integrations';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { listWebhooksEndpoint } from '@quizbeam/contracts/webhooks';
import { PLAYER_CSS } from '@quizbeam/player/playerCss';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountHolder, on, routeFetch } from '../../../test/fakeServer';
import { sampleQuiz } from '../../../test/quizzes';
import { renderApp } from '../../../test/renderApp';
import { FONT_STYLESHEET_URL } from '../../../ui/fontSelect/fontStylesheet';
import { CAPTURE_PREVIEW_TITLE } from './CapturePreview';

/** A dark theme's stylesheet, as the server serves it at the theme's cssUrl. */
const DARK_THEME_CSS = ':root{--qb-page:#0d0221;--qb-card:transparent;--qb-text:#f5f3ff}';

const quiz: Quiz = {
  ...sampleQuiz({ id: '7', theme: 'theme-1', buttonBackgroundColor: '#b91c1c', showPoweredByBadge: true }),
};
quiz.leadCaptureSettings = { ...quiz.leadCaptureSettings, enabled: true, headerText: 'One last step' };

/** The editor's calls, and the theme's stylesheet file beside them. */
function serve() {
  const api = routeFetch([
    on(meEndpoint, accountHolder()),
    on(getQuizEndpoint, quiz, { id: '7' }),
    on(listHtmlFormsEndpoint, [], { account: 'account-1' }),
    on(listWebhooksEndpoint, [], { account: 'account-1' }),
    on(listActiveConnectionsEndpoint, { items: [] }, { account: 'account-1' }),
  ]);
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) =>
    url === '/themes/theme-1.css'
      ? new Response(DARK_THEME_CSS, { status: 200, headers: { 'Content-Type': 'text/css' } })
      : api(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const previewFrame = () => screen.getByTitle(CAPTURE_PREVIEW_TITLE) as HTMLIFrameElement;
const previewDocument = () => previewFrame().contentDocument as Document;

/** The rules of each stylesheet the frame's document adopted, as text. */
function adoptedSheets(document: Document): string[] {
  const sheets = (document as Document & { adoptedStyleSheets?: CSSStyleSheet[] }).adoptedStyleSheets ?? [];
  return sheets.map((sheet) =>
    [...sheet.cssRules]
      .map((rule) => rule.cssText)
      .join('\n')
      .replace(/\s+/g, ''),
  );
}

describe('the capture form preview', () => {
  it('draws the capture screen with the published page’s markup and stylesheet: the player’s, the theme’s, the quiz’s', async () => {
    const fetchMock = serve();
    renderApp('/quizzes/7/capture-form');
    await screen.findByRole('switch', { name: 'Enable Lead Capture' });

    await waitFor(() => expect(adoptedSheets(previewDocument())[1]).toContain('#0d0221'));
    expect(fetchMock).toHaveBeenCalledWith('/themes/theme-1.css');
    const [player, theme, overrides] = adoptedSheets(previewDocument());
    const ownSheet = new CSSStyleSheet();
    ownSheet.replaceSync(PLAYER_CSS);
    expect(player).toBe(adoptedSheets({ adoptedStyleSheets: [ownSheet] } as unknown as Document)[0]);
    expect(theme).toContain('--qb-page:#0d0221');
    expect(theme).toContain('--qb-card:transparent');
    expect(overrides).toContain('--qb-btn-bg:#b91c1c');
    expect(previewDocument().head.querySelector(`link[rel="stylesheet"]`)?.getAttribute('href')).toBe(
      FONT_STYLESHEET_URL,
    );

    // The page as a visitor's window has it, not an embed's frame.
    const document = previewDocument();
    expect(document.documentElement.classList.contains('qb-framed')).toBe(false);
    const screenHeading = document.querySelector(
      'body > #qb-page.qb-page > main#qb-root.qb.qb-card > #qb-status.qb-status + #qb-screen h1',
    );
    expect(screenHeading?.textContent).toBe('One last step');
    expect(document.querySelector('#qb-screen form[data-lead-form] input[name="email"]')).not.toBeNull();
    expect(document.querySelector('#qb-page > a.qb-badge')?.textContent).toBe('Powered by Quizbeam');
  });

  it('switches between a phone’s and a desktop’s width', async () => {
    serve();
    renderApp('/quizzes/7/capture-form');
    await screen.findByRole('switch', { name: 'Enable Lead Capture' });
    const widths = screen.getByRole('group', { name: 'Preview width' });
    const phone = screen.getByRole('button', { name: 'Phone' });
    const desktop = screen.getByRole('button', { name: 'Desktop' });
    expect(widths.contains(phone) && widths.contains(desktop)).toBe(true);
    expect(phone.getAttribute('aria-pressed')).toBe('true');
    expect(previewFrame().style.width).toBe('390px');

    fireEvent.click(desktop);
    expect(desktop.getAttribute('aria-pressed')).toBe('true');
    expect(phone.getAttribute('aria-pressed')).toBe('false');
    expect(previewFrame().style.width).toBe('1280px');
    expect(previewDocument().querySelector('h1')?.textContent).toBe('One last step');
  });
});
