import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { firstQuestionId, nextStep } from '@quizbeam/quiz-engine/flow';
import { captureScreenHtml, LEAD_FORM_ATTRIBUTE, SEND_ERROR_ID } from '../markup/captureScreen';
import { NO_QUESTIONS_TITLE } from '../markup/firstScreen';
import { messageScreenHtml } from '../markup/messageScreen';
import { outcomeScreenHtml } from '../markup/outcomeScreen';
import { questionScreenHtml } from '../markup/questionScreen';
import type { PlayerData } from '../playerData';
import { progressLabel, questionProgress } from '../progress';
import { captureViewOf } from './captureViewOf';
import { readLeadForm } from './leadForm';
import { outcomeViewOf } from './outcomeViewOf';
import { localResult } from './previewVisitor';
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
  navigate(url: string): void;
  onOptIn(): void;
  afterRender(): void;
}

/**
 * Takes over the server-rendered first screen and walks the visitor through the quiz: questions by the
 * flow rules, Back along their own path, the capture form, then the outcome. Buttons are wired by event
 * delegation on the root, so the first screen needs no re-rendering.
 */
export function runQuiz(data: PlayerData, elements: QuizElements, services: RunnerServices): void {
  const { quiz } = data;
  const { visitor } = services;
  const path: Answered[] = [];
  let currentId: number | null = quiz.startPage.enabled ? null : firstQuestionId(quiz);
  let busy = false;
  let retry: (() => void) | null = null;

  const show = (html: string, status = '') => {
    elements.screen.innerHTML = html;
    elements.status.textContent = status;
    elements.screen.querySelector<HTMLElement>('h1')?.focus();
    services.afterRender();
  };

  const showQuestion = (questionId: number) => {
    const question = quiz.questions.find((candidate) => candidate.id === questionId);
    if (!question) return finish();
    currentId = questionId;
    const progress = questionProgress(
      quiz,
      path.map((answered) => answered.questionId),
      questionId,
    );
    show(questionScreenHtml({ question, progress, canGoBack: path.length > 0 }), progressLabel(progress));
  };

  const begin = () => {
    const first = firstQuestionId(quiz);
    if (first === null) return show(messageScreenHtml(NO_QUESTIONS_TITLE, '', null));
    visitor.track({ type: 'start' });
    showQuestion(first);
  };

  const choose = (answerId: number) => {
    const questionId = currentId;
    const question = quiz.questions.find((candidate) => candidate.id === questionId);
    if (questionId === null || !question?.answers.some((answer) => answer.id === answerId)) return;
    path.push({ questionId, answerId });
    visitor.track({ type: 'answer', questionId, answerId });
    const step = nextStep(
      quiz,
      questionId,
      answerId,
      path.map((answered) => answered.questionId),
    );
    if (step.kind === 'question') showQuestion(step.questionId);
    else finish();
  };

  const goBack = () => {
    const last = path.pop();
    if (last) showQuestion(last.questionId);
  };

  const showResult = (result: VisitorResult) => {
    const outcome = quiz.outcomes.find((candidate) => candidate.id === result.outcomeId);
    if (outcome?.type === 'redirect' && outcome.redirect) {
      const link = { label: 'Continue', href: outcome.redirect };
      if (data.mode === 'preview')
        return show(messageScreenHtml(outcome.name, RUNNER_TEXTS.previewRedirect, link));
      show(messageScreenHtml(RUNNER_TEXTS.redirecting, '', link));
      return services.navigate(outcome.redirect);
    }
    show(outcomeScreenHtml(outcomeViewOf(data, result)));
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

  function finish() {
    currentId = null;
    const settings = quiz.leadCaptureSettings;
    if (!settings.enabled) return complete();
    const expected = localResult(quiz, data.maxScore, path).outcomeId;
    const outcome = quiz.outcomes.find((candidate) => candidate.id === expected) ?? null;
    show(captureScreenHtml(captureViewOf(settings, outcome)));
  }

  elements.root.addEventListener('click', (event) => {
    const target =
      event.target instanceof Element ? event.target.closest('[data-answer],[data-action]') : null;
    if (!target || busy) return;
    const answerId = target.getAttribute('data-answer');
    if (answerId !== null) return choose(Number(answerId));
    const action = target.getAttribute('data-action');
    if (action === 'start' && currentId === null && path.length === 0) begin();
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

  visitor.track({ type: 'visit' });
  if (currentId !== null) visitor.track({ type: 'start' });
}
