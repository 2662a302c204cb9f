import type { PublishedQuizView } from '../playerData';
import { progressLabel, questionProgress } from '../progress';
import { captureViewOf } from '../runtime/captureViewOf';
import { text } from '../visitorText';
import { captureScreenHtml } from './captureScreen';
import { messageScreenHtml } from './messageScreen';
import { questionScreenHtml } from './questionScreen';
import { startScreenHtml } from './startScreen';

export interface FirstScreen {
  html: string;
  /** The text of the aria-live status line (the progress on a question screen). */
  status: string;
}

/**
 * The screen a visitor sees first: the start page when it is on, otherwise the capture form when it comes
 * before the questions, else the first question. The server
 * renders it into the page and the player takes it over, so it shows before any script runs.
 */
export function firstScreen(quiz: PublishedQuizView): FirstScreen {
  if (quiz.startPage) return { html: startScreenHtml(quiz), status: '' };
  const first = quiz.questions[0];
  if (!first) return { html: messageScreenHtml(text('noQuestions'), '', null), status: '' };
  const capture = quiz.leadCapture;
  if (capture?.placement.at === 'before_questions')
    return {
      html: captureScreenHtml({ ...captureViewOf(quiz, capture, []), continuesQuiz: true }),
      status: '',
    };
  const progress = questionProgress(quiz, [], first.id);
  return {
    html: questionScreenHtml({ question: first, progress, canGoBack: false }),
    status: progressLabel(progress),
  };
}
