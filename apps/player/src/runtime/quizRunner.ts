import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { questionAfterAnswer, questionAfterPath, questionById } from '../flow/questionPath';
import { captureScreenHtml, LEAD_FORM_ATTRIBUTE, SEND_ERROR_ID } from '../markup/captureScreen';
import { NO_QUESTIONS_TITLE } from '../markup/firstScreen';
import { messageScreenHtml } from '../markup/messageScreen';
import { outcomeScreenHtml } from '../markup/outcomeScreen';
import { questionScreenHtml } from '../markup/questionScreen';
import { startScreenHtml } from '../markup/startScreen';
import type { PlayerData } from '../playerData';
import { progressLabel, questionProgress } from '../progress';
import { captureViewOf } from './captureViewOf';
import { readLeadForm } from './leadForm';
import { outcomeViewOf } from './outcomeViewOf';
import type { QuizPlace, StepHistory } from './stepHistory';
import { visitEvent } from './visitEvent';
import type { Visitor } from './visitor';

export const RUNNER_TEXTS = {
  loading: 'Loading your results…',
  failedTitle: 'We couldn’t load your results',
  failedText: 'Please check your connection and try again.',
  redirecting: 'Taking you to your results…',
  previewRedirect: 'In the published quiz, visitors go to this address:',
} as const;

export interface QuizElements {
  root: HTMLElement;
  screen: HTMLElement;
  status: HTMLElement;
}

export interface RunnerServices {
  visitor: Visitor;
  history: StepHistory;
  navigate(url: string): void;
  onOptIn(): void;
  afterRender(): void;
}

/**
 * Takes over the server-rendered first screen and walks the visitor through the quiz: questions by the
 * flow rules, Back along their own path (the browser's Back too, on the quiz's own page), the capture form,
 * then the outcome the server answers. Buttons are wired by event delegation on the root, so the first
 * screen needs no re-rendering. Analytics get the visit (with its UTM), the start, every question and capture
 * form as it is shown (again after Back or Forward) and every answer.
 */
export function runQuiz(data: PlayerData, elements: QuizElements, services: RunnerServices): void {
  const { quiz } = data;
  const { visitor, history } = services;
  let path: Answered[] = [];
  let started = !quiz.startPage;
  let currentId: number | null = started ? (quiz.questions[0]?.id ?? null) : null;
  let startTracked = false;
  /** The result was asked for: the quiz's own screens are over, whatever the history does. */
  let finished = false;
  let busy = false;
  let retry: (() => void) | null = null;

  const place = (): QuizPlace => ({ started, answers: [...path] });
  const answeredIds = () => path.map((answered) => answered.questionId);

  const show = (html: string, status = '') => {
    elements.screen.innerHTML = html;
    elements.status.textContent = status;
    elements.screen.querySelector<HTMLElement>('h1')?.focus();
    services.afterRender();
  };

  const showQuestion = (questionId: number) => {
    const question = questionById(quiz, questionId);
    if (!question) return;
    currentId = questionId;
    // Every time, Back and Forward included: drop-off counts the last screen a visit was shown.
    visitor.track({ type: 'shown', questionId });
    const progress = questionProgress(quiz, answeredIds(), questionId);
    show(questionScreenHtml({ question, progress, canGoBack: path.length > 0 }), progressLabel(progress));
  };

  const showStart = () => {
    currentId = null;
    show(startScreenHtml(quiz));
  };

  const trackStart = () => {
    if (startTracked) return;
    startTracked = true;
    visitor.track({ type: 'start' });
  };

  const begin = () => {
    const first = quiz.questions[0];
    if (!first) return show(messageScreenHtml(NO_QUESTIONS_TITLE, '', null));
    started = true;
    trackStart();
    history.push(place());
    showQuestion(first.id);
  };

  const choose = (answerId: number) => {
    const question = questionById(quiz, currentId);
    const answer = question?.answers.find((candidate) => candidate.id === answerId);
    if (!question || !answer) return;
    path.push({ questionId: question.id, answerId });
    visitor.track({ type: 'answer', questionId: question.id, answerId });
    const next = questionAfterAnswer(answer, new Set(answeredIds()));
    if (next === null) return finish(true);
    history.push(place());
    showQuestion(next);
  };

  const goBack = () => {
    // On the quiz's own page the entry before is the previous question: popstate shows it.
    if (history.enabled) return history.back();
    const last = path.pop();
    if (last) showQuestion(last.questionId);
  };

  /** The browser's Back or Forward reached one of the quiz's entries: show that screen with its answers. */
  const moveTo = (target: QuizPlace) => {
    if (busy || finished) return;
    retry = null;
    if (!target.started && quiz.startPage) {
      path = [];
      started = false;
      return showStart();
    }
    const next = questionAfterPath(quiz, target.answers);
    // Not a path through this quiz, or an end that only a completion could show: stay where the visitor is.
    if (next === undefined || (next === null && !quiz.leadCapture)) return;
    path = [...target.answers];
    started = true;
    if (next === null) finish(false);
    else showQuestion(next);
  };

  const showResult = ({ outcome }: VisitorResult) => {
    finished = true;
    if (outcome.type === 'redirect') {
      const link = { label: 'Continue', href: outcome.url };
      if (data.mode === 'preview')
        return show(messageScreenHtml(outcome.title, RUNNER_TEXTS.previewRedirect, link));
      show(messageScreenHtml(RUNNER_TEXTS.redirecting, '', link));
      return services.navigate(outcome.url);
    }
    show(outcomeScreenHtml(outcomeViewOf(data, outcome)));
  };

  const request = (send: () => Promise<VisitorResult>, onSuccess: () => void, onFailure: () => void) => {
    busy = true;
    elements.root.setAttribute('aria-busy', 'true');
    const settle = () => {
      busy = false;
      elements.root.removeAttribute('aria-busy');
    };
    send().then(
      (result) => {
        settle();
        retry = null;
        onSuccess();
        showResult(result);
      },
      () => {
        settle();
        onFailure();
      },
    );
  };

  const complete = () => {
    finished = true;
    show(messageScreenHtml(RUNNER_TEXTS.loading, '', null), RUNNER_TEXTS.loading);
    request(
      () => visitor.complete([...path]),
      () => {},
      () => {
        retry = complete;
        show(
          messageScreenHtml(RUNNER_TEXTS.failedTitle, RUNNER_TEXTS.failedText, {
            label: 'Retry',
            action: 'retry',
          }),
        );
      },
    );
  };

  const submitLead = (form: HTMLFormElement) => {
    const lead = readLeadForm(form);
    if (!lead) return;
    const sendError = form.querySelector<HTMLElement>(`#${SEND_ERROR_ID}`);
    if (sendError) sendError.hidden = true;
    elements.status.textContent = RUNNER_TEXTS.loading;
    request(
      () => visitor.submitLead([...path], lead),
      services.onOptIn,
      () => {
        retry = () => submitLead(form);
        elements.status.textContent = '';
        if (sendError) sendError.hidden = false;
      },
    );
  };

  /** After the last answer: the capture form (an entry of its own, so Back returns to the last question). */
  function finish(isNewStep: boolean) {
    currentId = null;
    const capture = quiz.leadCapture;
    if (!capture) return complete();
    if (isNewStep) history.push(place());
    visitor.track({ type: 'capture' });
    show(captureScreenHtml(captureViewOf(quiz, capture, path)));
  }

  elements.root.addEventListener('click', (event) => {
    const target =
      event.target instanceof Element ? event.target.closest('[data-answer],[data-action]') : null;
    if (!target || busy) return;
    const answerId = target.getAttribute('data-answer');
    if (answerId !== null) return choose(Number(answerId));
    const action = target.getAttribute('data-action');
    if (action === 'start' && !started) begin();
    else if (action === 'back') goBack();
    else if (action === 'skip') complete();
    else if (action === 'retry') retry?.();
  });

  elements.root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute(LEAD_FORM_ATTRIBUTE)) return;
    event.preventDefault();
    if (!busy) submitLead(form);
  });

  history.replace(place());
  history.onMove(moveTo);
  visitor.track(visitEvent(location.search));
  // Without a start page the server-rendered first screen is the first question.
  if (currentId !== null) {
    trackStart();
    visitor.track({ type: 'shown', questionId: currentId });
  }
}
