import type { Quiz } from '@quizbeam/contracts/quiz';
import { textDirectionOf, type VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import type { VisitorTexts } from '@quizbeam/contracts/visitorTexts';
import { overrideStyle } from '@quizbeam/player/overrideStyle';
import { pageBackground, pageBodyHtml } from '@quizbeam/player/pageBody';
import { PLAYER_CSS } from '@quizbeam/player/playerCss';
import { withVisitorTexts } from '@quizbeam/player/visitorText';
import { FONT_STYLESHEET_URL } from '../../../ui/fontSelect/fontStylesheet';

type FrameWindow = Window & { CSSStyleSheet: typeof CSSStyleSheet };
type StyledDocument = Document & { adoptedStyleSheets: CSSStyleSheet[] };

export interface PreviewPage {
  /** The screen's markup, from the player's own markup function. */
  screenHtml: string;
  quiz: Quiz;
  /** The theme's stylesheet, the very file the published page inlines; null until it has loaded. */
  themeCss: string | null;
  /** The language the screen is in and Quizbeam's texts in it (the badge's too). */
  visitor: { language: VisitorLanguage; texts: VisitorTexts };
}

/**
 * The published page's stylesheet in its order: the player's CSS, the theme's, then the marketer's own
 * colours and fonts. (The fonts' @font-face rules come from the builder's font stylesheet, same files.)
 */
export function previewStyleSheets(quiz: Quiz, themeCss: string | null): string[] {
  return [PLAYER_CSS, themeCss ?? '', overrideStyle(quiz)];
}

/** The published page's body for this screen: background picture, card, status line and badge. */
export function previewBody(quiz: Quiz, screenHtml: string): { html: string; className: string } {
  const background = pageBackground(quiz.backgroundImage);
  const html = pageBodyHtml({
    backgroundHtml: background.html,
    status: '',
    screenHtml,
    // As the editor's Preview shows it: the account's own setting is applied when the quiz is published.
    showPoweredByBadge: quiz.showPoweredByBadge ?? true,
  });
  return { html, className: background.bodyClass };
}

const adoptedTexts = new WeakMap<Document, string[]>();

/*
 * The builder's Content-Security-Policy (style-src 'self') also governs this frame's document, so the CSS
 * cannot be an inline <style>: each part is a constructed stylesheet adopted through the CSSOM, which the
 * policy does not restrict, and the fonts' rules are the builder's own stylesheet file.
 */
function applyStyles(document: Document, sheets: string[]) {
  if (!document.head.querySelector(`link[href="${FONT_STYLESHEET_URL}"]`)) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = FONT_STYLESHEET_URL;
    document.head.append(link);
  }
  const frameWindow = document.defaultView as FrameWindow | null;
  const current = adoptedTexts.get(document);
  if (!frameWindow?.CSSStyleSheet || (current && current.join('\0') === sheets.join('\0'))) return;
  try {
    (document as StyledDocument).adoptedStyleSheets = sheets.map((text) => {
      const sheet = new frameWindow.CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    });
    adoptedTexts.set(document, sheets);
  } catch {
    // A browser without constructed stylesheets shows the preview unstyled.
  }
}

/**
 * Shows a screen in the (script-less, same-origin sandboxed) frame as the quiz's published page shows it:
 * the same stylesheet, the same body markup, not framed (a visitor's window, at the frame's width).
 */
export function paintPreviewFrame(frame: HTMLIFrameElement, page: PreviewPage): void {
  const document = frame.contentDocument;
  if (!document?.body) return;
  document.documentElement.lang = page.visitor.language;
  document.documentElement.dir = textDirectionOf(page.visitor.language);
  applyStyles(document, previewStyleSheets(page.quiz, page.themeCss));
  const body = withVisitorTexts(page.visitor.language, page.visitor.texts, () =>
    previewBody(page.quiz, page.screenHtml),
  );
  document.body.className = body.className;
  document.body.innerHTML = body.html;
}
