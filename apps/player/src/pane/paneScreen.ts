import type { Outcome, Quiz } from '@quizbeam/contracts/quiz';
import { quizLanguageOf, quizVisitorTexts } from '@quizbeam/contracts/quizVisitorTexts';
import type { VisitorResult } from '@quizbeam/contracts/visitorEvents';
import type { VisitorTexts } from '@quizbeam/contracts/visitorTexts';
import { percentOf } from '@quizbeam/quiz-engine/percent';
import { categoryMaxima } from '@quizbeam/quiz-engine/results';
import { analyseScores } from '@quizbeam/quiz-engine/scoring';
import { captureScreenHtml } from '../markup/captureScreen';
import { type FirstScreen, firstScreen } from '../markup/firstScreen';
import { messageScreenHtml } from '../markup/messageScreen';
import { outcomeScreenHtml } from '../markup/outcomeScreen';
import { questionScreenHtml } from '../markup/questionScreen';
import { startScreenHtml } from '../markup/startScreen';
import type { PlayerData, PublishedQuizView } from '../playerData';
import { progressLabel, questionProgress } from '../progress';
import { publishedQuizView } from '../publishedQuizView';
import { visitorOutcomeOf } from '../result/visitorOutcomeOf';
import { captureViewOf } from '../runtime/captureViewOf';
import { outcomeViewOf } from '../runtime/outcomeViewOf';
import { PREVIEW_REDIRECT_TEXT } from '../runtime/quizRunner';
import { withVisitorTexts } from '../visitorText';
import type { PaneScreen } from './paneMessages';
import { paneVisitorQuiz } from './paneQuiz';

/** A screen as the pane draws it: its markup and the status line's text (a question's progress). */
export type PaneRender = FirstScreen;

/** The score analysis is the heaviest step: it is done again only when the questions change. */
let lastAnalysis: { questions: string; maxScore: number } | null = null;

function maxScoreOf(quiz: Quiz): number {
  if (quiz.type !== 'scored') return 0;
  const questions = JSON.stringify(quiz.questions);
  if (lastAnalysis?.questions !== questions)
    lastAnalysis = { questions, maxScore: analyseScores(quiz).maxScore };
  return lastAnalysis.maxScore;
}

/** Only outcome screens and capture texts that follow an outcome by percentage need the maximum score. */
const needsMaxScore = (quiz: Quiz, screen: PaneScreen) =>
  quiz.type === 'scored' && (screen.kind === 'outcome' || quiz.scoring?.outcomeBy === 'percent');

/**
 * The questions a visitor answers before reaching `questionId` on the shortest path from the first question
 * (by the flow's edges), or null when no path reaches it.
 */
function shortestPathTo(quiz: PublishedQuizView, questionId: number): number[] | null {
  const first = quiz.questions[0]?.id;
  if (first === undefined) return null;
  const leadsTo = new Map(quiz.questions.map((question) => [question.id, question.leadsTo]));
  const cameFrom = new Map<number, number | null>([[first, null]]);
  const queue = [first];
  for (let index = 0; index < queue.length; index++) {
    const current = queue[index] as number;
    if (current === questionId) break;
    for (const next of leadsTo.get(current) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, current);
      queue.push(next);
    }
  }
  if (!cameFrom.has(questionId)) return null;
  const before: number[] = [];
  for (let step = cameFrom.get(questionId); step != null; step = cameFrom.get(step)) before.unshift(step);
  return before;
}

/**
 * A question as a visitor reaching it by the shortest path sees it: its step and the progress bar, Back
 * after the first question (or after a form before the questions). A question no path reaches is shown as
 * if it came first.
 */
function questionScreen(quiz: PublishedQuizView, questionId: number): PaneRender | null {
  const question = quiz.questions.find((candidate) => candidate.id === questionId);
  if (!question) return null;
  const before = shortestPathTo(quiz, questionId) ?? [];
  const progress = questionProgress(quiz, before, questionId);
  const formFirst = quiz.leadCapture?.placement.at === 'before_questions';
  return {
    html: questionScreenHtml({ question, progress, canGoBack: before.length > 0 || formFirst }),
    status: progressLabel(progress),
  };
}

/** The capture form where the marketer placed it: before the results, or leading on to the questions. */
function captureScreen(quiz: PublishedQuizView): PaneRender | null {
  const capture = quiz.leadCapture;
  if (!capture) return null;
  const view = captureViewOf(quiz, capture, []);
  const { at } = capture.placement;
  const html =
    at === 'before_results'
      ? captureScreenHtml(view)
      : captureScreenHtml({ ...view, continuesQuiz: true, canGoBack: at === 'after_question' });
  return { html, status: '' };
}

/**
 * The result a visitor gets for this outcome: scored quizzes at the lowest score of its interval (so its
 * shortcodes show numbers it really shows), each category at the same share of its maximum.
 */
function resultFor(quiz: Quiz, outcome: Outcome, maxScore: number): Omit<VisitorResult, 'outcome'> {
  const common = { outcomeId: outcome.id, descriptionIndex: 0 };
  if (quiz.type !== 'scored')
    return { ...common, score: 0, maxScore: 0, percent: 0, categories: [], showCategoryBars: false };
  const from = outcome.scoreRange.from ?? 0;
  const score = quiz.scoring?.outcomeBy === 'percent' ? Math.round((from * maxScore) / 100) : from;
  const percent = percentOf(score, maxScore);
  const maxima = categoryMaxima(quiz);
  const categories = (quiz.categories ?? []).map(({ id, name }) => {
    const categoryMax = maxima.get(id) ?? 0;
    const categoryScore = Math.round((categoryMax * percent) / 100);
    return {
      id,
      name,
      score: categoryScore,
      maxScore: categoryMax,
      percent: percentOf(categoryScore, categoryMax),
    };
  });
  return {
    ...common,
    score,
    maxScore,
    percent,
    categories,
    showCategoryBars: categories.length > 0 && quiz.scoring?.showCategoryBars === true,
  };
}

function outcomeScreen(data: PlayerData, prepared: Quiz, outcomeId: number, maxScore: number) {
  const outcome = prepared.outcomes.find((candidate) => candidate.id === outcomeId);
  if (!outcome) return null;
  const result = resultFor(prepared, outcome, maxScore);
  const shown = visitorOutcomeOf(prepared, result);
  // As the full-screen preview shows a redirect: where visitors go, never going there.
  if (shown.type === 'redirect')
    return {
      html: messageScreenHtml(shown.title, PREVIEW_REDIRECT_TEXT, {
        label: 'Continue',
        href: shown.url,
      }),
      status: '',
    };
  return { html: outcomeScreenHtml(outcomeViewOf(data, { ...result, outcome: shown }, shown)), status: '' };
}

/**
 * The screen the editor asks for, drawn by the player's markup functions from the quiz as a visitor's page
 * would hold it: the start page, a question, the capture form (shown while it is being set up, even before
 * it is turned on), an outcome's result, or the first screen a visitor sees. An item that is not in the quiz
 * (deleted meanwhile) shows the first screen.
 */
export function paneScreenHtml(quiz: Quiz, screen: PaneScreen, pageUrl: string): PaneRender {
  // The quiz's own language: the editor shows what a visitor whose browser does not choose sees.
  const language = quizLanguageOf(quiz.language);
  const texts = quizVisitorTexts(quiz.language, language);
  return withVisitorTexts(language, texts, () => drawPaneScreen(quiz, screen, pageUrl, texts));
}

function drawPaneScreen(quiz: Quiz, screen: PaneScreen, pageUrl: string, texts: VisitorTexts): PaneRender {
  const source =
    screen.kind === 'capture'
      ? { ...quiz, leadCaptureSettings: { ...quiz.leadCaptureSettings, enabled: true } }
      : quiz;
  const prepared = paneVisitorQuiz(source, texts);
  const maxScore = needsMaxScore(prepared, screen) ? maxScoreOf(prepared) : 0;
  const view = publishedQuizView(prepared, maxScore);
  const data: PlayerData = {
    mode: 'preview',
    snapshotId: '',
    language: quizLanguageOf(quiz.language),
    texts,
    pageUrl,
    quiz: view,
    preview: { quiz: prepared, maxScore },
  };
  const drawn =
    screen.kind === 'start'
      ? { html: startScreenHtml(view), status: '' }
      : screen.kind === 'question'
        ? questionScreen(view, screen.questionId)
        : screen.kind === 'capture'
          ? captureScreen(view)
          : screen.kind === 'outcome'
            ? outcomeScreen(data, prepared, screen.outcomeId, maxScore)
            : null;
  return drawn ?? firstScreen(view);
}
