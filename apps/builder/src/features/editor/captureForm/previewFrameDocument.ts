import type { Quiz } from '@quizbeam/contracts/quiz';
import { PLAYER_CSS } from '@quizbeam/player/playerCss';

type FrameWindow = Window & { CSSStyleSheet: typeof CSSStyleSheet };

const FONT_FALLBACK = 'system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif';

/** The quiz's colours and fonts as the player's custom properties (the published page's theme, in short). */
function themeProperties(quiz: Quiz): [string, string][] {
  const font = (family: string) =>
    family.trim() ? `"${family.trim().replace(/"/g, '')}",${FONT_FALLBACK}` : '';
  return [
    ['--qb-text', quiz.textColor.trim()],
    ['--qb-font', font(quiz.fontFamily)],
    ['--qb-btn-bg', quiz.buttonBackgroundColor.trim()],
    ['--qb-btn-text', quiz.buttonTextColor.trim()],
    ['--qb-btn-font', font(quiz.buttonFontFamily)],
  ];
}

const styledDocuments = new WeakSet<Document>();

/*
 * The builder's Content-Security-Policy (style-src 'self') also governs this frame's document, so the
 * player's CSS cannot be an inline <style>: it is adopted as a constructed stylesheet, and the theme set as
 * properties, both through the CSSOM, which the policy does not restrict.
 */
function applyPlayerStyles(document: Document, quiz: Quiz) {
  const frameWindow = document.defaultView as FrameWindow | null;
  if (!styledDocuments.has(document) && frameWindow && 'adoptedStyleSheets' in document) {
    try {
      const sheet = new frameWindow.CSSStyleSheet();
      sheet.replaceSync(PLAYER_CSS);
      document.adoptedStyleSheets = [sheet];
      styledDocuments.add(document);
    } catch {
      // A browser without constructed stylesheets shows the preview unstyled.
    }
  }
  const root = document.documentElement;
  root.classList.add('qb-framed');
  for (const [name, value] of themeProperties(quiz)) {
    if (value) root.style.setProperty(name, value);
    else root.style.removeProperty(name);
  }
}

/** Shows a screen's markup in the (script-less, same-origin sandboxed) frame as a published page frames it. */
export function paintPreviewFrame(frame: HTMLIFrameElement, screenHtml: string, quiz: Quiz): void {
  const document = frame.contentDocument;
  if (!document?.body) return;
  applyPlayerStyles(document, quiz);
  document.body.innerHTML = `<div class="qb-page"><main class="qb qb-card">${screenHtml}</main></div>`;
  frame.style.height = `${document.documentElement.scrollHeight}px`;
}
