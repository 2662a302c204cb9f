import {
  COMPLETE_TEMPLATE_ID,
  DATA_ID,
  OPT_IN_TEMPLATE_ID,
  PAGE_ID,
  ROOT_ID,
  SCREEN_ID,
  STATUS_ID,
} from '../markup/pageIds';
import type { PlayerData } from '../playerData';
import { useVisitorTexts } from '../visitorText';
import type { AnswerForms } from './answerForms';
import { reportFrameHeight } from './frameHeight';
import { navigateTop } from './navigateTop';
import { runTemplateScripts } from './optInScripts';
import { runQuiz } from './quizRunner';
import { frameHistory, pageHistory } from './stepHistory';
import type { Visitor } from './visitor';

/** Who records the visit and answers the result for a page's data; null for a page the script is not for. */
export type VisitorFor = (data: PlayerData) => Visitor | null;

/**
 * Reads the page's data and takes over the server-rendered quiz. Each build of the player brings its own
 * visitor (published pages talk to the server, the editor's preview computes in the page) and, unless it is
 * the build for quizzes of single choices only, the other question types' forms.
 */
export function startPlayer(visitorFor: VisitorFor, forms: AnswerForms | null): void {
  const dataElement = document.getElementById(DATA_ID);
  const page = document.getElementById(PAGE_ID);
  const root = document.getElementById(ROOT_ID);
  const screen = document.getElementById(SCREEN_ID);
  const status = document.getElementById(STATUS_ID);
  if (!dataElement || !page || !root || !screen || !status) return;
  const data = JSON.parse(dataElement.textContent ?? '') as PlayerData;
  useVisitorTexts(data.language, data.texts);
  const visitor = visitorFor(data);
  if (!visitor) return;
  const framed = window.parent !== window;
  /*
   * A preview (the editor's Preview, a theme's preview) stands for the quiz's own page: it fills its frame as
   * the page fills a visitor's window, so it never takes an embed's framed look nor reports its height.
   */
  const afterRender = data.mode === 'preview' ? () => {} : reportFrameHeight(page);
  runQuiz(
    data,
    { root, screen, status },
    {
      visitor,
      history: framed ? frameHistory() : pageHistory(),
      navigate: navigateTop,
      onOptIn: () => runTemplateScripts(OPT_IN_TEMPLATE_ID),
      onComplete: () => runTemplateScripts(COMPLETE_TEMPLATE_ID),
      afterRender,
      forms,
    },
  );
}
