import type { Image } from '@quizbeam/contracts/quiz';
import { quizLanguageOf, quizVisitorTexts } from '@quizbeam/contracts/quizVisitorTexts';
import { textDirectionOf } from '@quizbeam/contracts/visitorLanguages';
import { pageBackground } from '../markup/pageBody';
import { SCREEN_ID, STATUS_ID } from '../markup/pageIds';
import {
  PANE_CONFIG_ID,
  PANE_READY_MESSAGE,
  type PaneReadyMessage,
  paneConfigOf,
  paneShowMessageOf,
} from './paneMessages';
import { paneScreenHtml } from './paneScreen';

/**
 * The live preview pane's page: it draws each screen the editor sends and never takes the focus (the
 * marketer is typing in the editor). It is a picture of the quiz, not a visit: links and buttons do
 * nothing, the status line is not announced on every update, and it only ever shows our own page.
 * Aborting `signal` removes its listeners (tests draw many panes on one page).
 */
export function startPane(signal?: AbortSignal): void {
  const config = paneConfigOf(document.getElementById(PANE_CONFIG_ID)?.textContent ?? '');
  const screen = document.getElementById(SCREEN_ID);
  const status = document.getElementById(STATUS_ID);
  if (!config || !screen || !status || window.parent === window) return;
  status.removeAttribute('aria-live');
  // Nothing in the pane may navigate it away: the editor's messages are meant for this page only.
  document.addEventListener('click', (event) => event.preventDefault(), { capture: true, signal });
  document.addEventListener('submit', (event) => event.preventDefault(), { capture: true, signal });

  let shownBackground = '';
  /** The marketer's background picture, first in <body> as on the published page (markup, not the page's CSS). */
  const drawBackground = (image: Image | null) => {
    const background = pageBackground(image);
    if (background.html === shownBackground) return;
    document.querySelector('body > picture.qb-bg')?.remove();
    document.body.insertAdjacentHTML('afterbegin', background.html);
    document.body.className = background.bodyClass;
    shownBackground = background.html;
  };

  let shownHtml: string | null = null;
  window.addEventListener(
    'message',
    (event) => {
      if (event.source !== window.parent || event.origin !== config.parentOrigin) return;
      const message = paneShowMessageOf(event.data);
      if (!message) return;
      let drawn: ReturnType<typeof paneScreenHtml>;
      try {
        drawn = paneScreenHtml(message.quiz, message.screen, config.pageUrl);
        drawBackground(message.quiz.backgroundImage ?? null);
        const language = quizLanguageOf(message.quiz.language);
        document.documentElement.lang = language;
        document.documentElement.dir = textDirectionOf(language);
        const badge = document.querySelector('.qb-badge');
        if (badge) badge.textContent = quizVisitorTexts(message.quiz.language, language).poweredBy;
      } catch {
        // A quiz the screens cannot draw (caught mid-edit) leaves the last screen up until the next update.
        return;
      }
      if (drawn.html !== shownHtml) {
        screen.innerHTML = drawn.html;
        shownHtml = drawn.html;
      }
      status.textContent = drawn.status;
    },
    { signal },
  );
  const ready: PaneReadyMessage = { type: PANE_READY_MESSAGE };
  window.parent.postMessage(ready, config.parentOrigin);
}
