import { DATA_ID, PAGE_ID, ROOT_ID, SCREEN_ID, STATUS_ID } from '../markup/pageIds';
import type { PlayerData } from '../playerData';
import { reportFrameHeight } from './frameHeight';
import { navigateTop } from './navigateTop';
import { activateOptInScripts } from './optInScripts';
import { previewVisitor } from './previewVisitor';
import { publishedVisitor } from './publishedVisitor';
import { runQuiz } from './quizRunner';
import { frameHistory, pageHistory } from './stepHistory';
import { newVisitId } from './visitId';

/** Reads the page's data and takes over the server-rendered quiz. */
export function startPlayer(): void {
  const dataElement = document.getElementById(DATA_ID);
  const page = document.getElementById(PAGE_ID);
  const root = document.getElementById(ROOT_ID);
  const screen = document.getElementById(SCREEN_ID);
  const status = document.getElementById(STATUS_ID);
  if (!dataElement || !page || !root || !screen || !status) return;
  const data = JSON.parse(dataElement.textContent ?? '') as PlayerData;
  const visitor =
    data.mode === 'published'
      ? publishedVisitor(data.snapshotId, newVisitId())
      : previewVisitor(data.preview);
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
      history: framed ? frameHistory : pageHistory(),
      navigate: navigateTop,
      onOptIn: activateOptInScripts,
      afterRender,
    },
  );
}
