import type { LeadFormPlacement } from '@quizbeam/contracts/leadFormFields';
import type { Answered, VisitorResult } from '@quizbeam/contracts/visitorEvents';
import { nextAfterResponse, questionAfter, questionAfterPath, questionById } from '../flow/questionPath';
import { captureScreenHtml, LEAD_FORM_ATTRIBUTE, SEND_ERROR_ID } from '../markup/captureScreen';
import { messageScreenHtml } from '../markup/messageScreen';
import { outcomeScreenHtml } from '../markup/outcomeScreen';
import { answerButtonsHtml, isSingleChoice, questionFrameHtml } from '../markup/questionFrame';
import { RESPONSE_FORM_ATTRIBUTE } from '../markup/responseForm';
import { startScreenHtml } from '../markup/startScreen';
import type { PlayerData } from '../playerData';
import { progressLabel, questionProgress } from '../progress';
import { text } from '../visitorText';
import type { AnswerForms } from './answerForms';
import { captureViewOf } from './captureViewOf';
import { fillLeadForm, readLeadForm, showFieldRefusal } from './leadForm';
import { outcomeViewOf } from './outcomeViewOf';
import type { QuizPlace, StepHistory } from './stepHistory';
import { visitEvent } from './visitEvent';
import { FieldRefusal, type LeadFields, type Visitor } from './visitor';

/** Only the marketer sees it, in the editor's preview: the builder's language. */
export const PREVIEW_REDIRECT_TEXT = 'In the published quiz, visitors go to this address:';

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
  /** The result shows (before a redirect leaves the page): the marketer's completion scripts run. */
  onComplete(): void;
  afterRender(): void;
  /** The forms of the other question types; null in the build for quizzes of single choices only. */
  forms: AnswerForms | null;
}

/**
 * Takes over the server-rendered first screen and walks the visitor through the quiz: questions by the
 * flow rules, Back along their own path (the browser's Back too, on the quiz's own page), the capture form
 * where the marketer placed it, then the outcome the server answers. A form before or amid the questions
 * only keeps what the visitor entered: the lead goes with the answers at the end, since the server needs
 * them for the result. Buttons are wired by event delegation on the root, so the first
 * screen needs no re-rendering. Analytics get the visit (with its UTM), the start, every question and capture
 * form as it is shown (again after Back or Forward) and every answer. A question shown again shows the
 * visitor's last response to it.
 */
export function runQuiz(data: PlayerData, elements: QuizElements, services: RunnerServices): void {
  const { quiz } = data;
  const { visitor, history, forms } = services;
  const capture = quiz.leadCapture;
  const placement: LeadFormPlacement = capture?.placement ?? { at: 'before_results' };
  /** The form is due right after these answers (before or amid the questions). */
  const formDueAfter = (answers: readonly Answered[]) =>
    placement.at === 'before_questions'
      ? answers.length === 0
      : placement.at === 'after_question' && answers.at(-1)?.questionId === placement.questionId;
  let path: Answered[] = [];
  /** What the visitor entered in a form before or amid the questions, to send at the end. */
  let lead: LeadFields | null = null;
  let skipped = false;
  const lastResponses = new Map<number, Answered>();
  let started = !quiz.startPage;
  const gateFirst = started && !!capture && quiz.questions.length > 0 && formDueAfter([]);
  let currentId: number | null = started && !gateFirst ? (quiz.questions[0]?.id ?? null) : null;
  /** The form on the screen is before or amid the questions: the quiz goes on after it. */
  let formMid = gateFirst;
  let startTracked = false;
  /** The result was asked for: the quiz's own screens are over, whatever the history does. */
  let finished = false;
  let busy = false;
  let retry: (() => void) | null = null;

  const place = (form?: boolean): QuizPlace => ({ started, answers: [...path], ...(form && { form: true }) });
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
    const body = isSingleChoice(question)
      ? answerButtonsHtml(question)
      : (forms?.html(question, lastResponses.get(questionId)) ?? '');
    show(
      questionFrameHtml(
        { question, progress, canGoBack: path.length > 0 || placement.at === 'before_questions' },
        body,
      ),
      progressLabel(progress),
    );
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

  /** The form before or amid the questions, filled with what the visitor entered before. */
  const showForm = () => {
    if (!capture) return;
    currentId = null;
    visitor.track({ type: 'capture' });
    formMid = true;
    const view = captureViewOf(quiz, capture, path);
    show(captureScreenHtml({ ...view, continuesQuiz: true, canGoBack: path.length > 0 }));
    const form = elements.screen.querySelector<HTMLFormElement>(`[${LEAD_FORM_ATTRIBUTE}]`);
    if (form && lead) fillLeadForm(form, lead);
  };

  /** On from where the path stands: the next question, or the end. */
  const goOn = () => {
    const next = questionAfterPath(quiz, path);
    if (next === undefined) return;
    if (next === null) return finish(true);
    history.push(place());
    showQuestion(next);
  };

  const begin = () => {
    const first = quiz.questions[0];
    if (!first) return show(messageScreenHtml(text('noQuestions'), '', null));
    started = true;
    trackStart();
    if (capture && formDueAfter([])) {
      history.push(place(true));
      return showForm();
    }
    history.push(place());
    showQuestion(first.id);
  };

  const respond = (response: Answered) => {
    const question = questionById(quiz, currentId);
    const next = question && nextAfterResponse(question, response);
    if (next === undefined) return;
    path.push(response);
    lastResponses.set(response.questionId, response);
    visitor.track({ type: 'answer', ...response });
    if (capture && formDueAfter(path)) {
      history.push(place(true));
      return showForm();
    }
    const after = questionAfter(next, new Set(answeredIds()));
    if (after === null) return finish(true);
    history.push(place());
    showQuestion(after);
  };

  // On the quiz's own page the entry before is the previous screen: popstate shows it (in a frame, the
  // quiz's own steps do the same).
  const goBack = () => history.back();

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
    if (next === undefined || (next === null && !target.form && !formAtEnd())) return;
    path = [...target.answers];
    started = true;
    if (target.form) showForm();
    else if (next === null) finish(false);
    else showQuestion(next);
  };

  const showResult = (result: VisitorResult) => {
    const { outcome } = result;
    finished = true;
    if (outcome.type === 'redirect') {
      const link = { label: text('continue'), href: outcome.url };
      if (data.mode === 'preview') return show(messageScreenHtml(outcome.title, PREVIEW_REDIRECT_TEXT, link));
      show(messageScreenHtml(text('redirecting'), '', link));
      services.onComplete();
      return services.navigate(outcome.url);
    }
    show(outcomeScreenHtml(outcomeViewOf(data, result, outcome)));
    services.onComplete();
  };

  const request = (
    send: () => Promise<VisitorResult>,
    onSuccess: () => void,
    onFailure: (error: unknown) => void,
  ) => {
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
      (error: unknown) => {
        settle();
        onFailure(error);
      },
    );
  };

  const showLoading = () => {
    finished = true;
    show(messageScreenHtml(text('loadingResults'), '', null), text('loadingResults'));
  };

  const showFailed = (again: () => void) => {
    retry = again;
    show(
      messageScreenHtml(text('resultsFailedTitle'), text('resultsFailedText'), {
        label: text('retry'),
        action: 'retry',
      }),
    );
  };

  const complete = () => {
    showLoading();
    request(
      () => visitor.complete([...path]),
      () => {},
      () => showFailed(complete),
    );
  };

  /**
   * Sends the lead with the answers: from the form on the screen at the end, or (`form` null) what a form
   * before or amid the questions kept. A value the server refuses is shown beside its field, in that form.
   */
  const sendLead = (values: LeadFields, form: HTMLFormElement | null) => {
    const sendError = form?.querySelector<HTMLElement>(`#${SEND_ERROR_ID}`);
    if (sendError) sendError.hidden = true;
    if (form) elements.status.textContent = text('loadingResults');
    else showLoading();
    request(
      () => visitor.submitLead([...path], values),
      services.onOptIn,
      (error) => {
        elements.status.textContent = '';
        if (error instanceof FieldRefusal) {
          finished = false;
          const shown = form ?? showEndForm(true, values);
          if (shown && showFieldRefusal(shown, error.field, error.message)) return;
        }
        if (!form) return showFailed(() => sendLead(values, null));
        retry = () => submitForm(form);
        if (sendError) sendError.hidden = false;
      },
    );
  };

  /** The form at the end is still to come: before the results, or no form before or amid the questions was done. */
  const formAtEnd = () => !!capture && !lead && !skipped;

  /** The capture form after the last answer (an entry of its own, so Back returns to the last question). */
  function showEndForm(isNewStep: boolean, values: LeadFields | null): HTMLFormElement | null {
    if (!capture) return null;
    currentId = null;
    formMid = false;
    if (isNewStep) history.push(place());
    visitor.track({ type: 'capture' });
    show(captureScreenHtml(captureViewOf(quiz, capture, path)));
    const form = elements.screen.querySelector<HTMLFormElement>(`[${LEAD_FORM_ATTRIBUTE}]`);
    if (form && values) fillLeadForm(form, values);
    return form;
  }

  /** After the last answer: the capture form, or the result when a form before or amid the questions was done. */
  function finish(isNewStep: boolean) {
    if (formAtEnd()) return showEndForm(isNewStep, null);
    currentId = null;
    if (lead) sendLead(lead, null);
    else complete();
  }

  function submitForm(form: HTMLFormElement) {
    const values = capture && readLeadForm(form, capture.fields);
    if (!values) return;
    // What a form before or amid the questions keeps goes with the answers at the end.
    if (formMid || lead) lead = values;
    if (!formMid) return sendLead(values, form);
    skipped = false;
    goOn();
  }

  const skipForm = () => {
    if (!formMid) return complete();
    lead = null;
    skipped = true;
    goOn();
  };

  elements.root.addEventListener('click', (event) => {
    const target =
      event.target instanceof Element ? event.target.closest('[data-answer],[data-action]') : null;
    if (!target || busy) return;
    const answerId = target.getAttribute('data-answer');
    if (answerId !== null && currentId !== null)
      return respond({ questionId: currentId, answerId: Number(answerId) });
    const action = target.getAttribute('data-action');
    if (action === 'start' && !started) begin();
    else if (action === 'back') goBack();
    else if (action === 'skip') skipForm();
    else if (action === 'retry') retry?.();
  });

  elements.root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    const question = questionById(quiz, currentId);
    if (form.hasAttribute(RESPONSE_FORM_ATTRIBUTE) && question && forms) {
      event.preventDefault();
      const response = forms.read(question, form);
      if (response && !busy) respond(response);
    } else if (form.hasAttribute(LEAD_FORM_ATTRIBUTE)) {
      event.preventDefault();
      if (!busy) submitForm(form);
    }
  });

  if (forms) {
    const onInput = (event: Event) => {
      const question = questionById(quiz, currentId);
      if (question) forms.onInput(question, event);
    };
    elements.root.addEventListener('input', onInput);
    elements.root.addEventListener('change', onInput);
    elements.root.addEventListener('keydown', forms.onKey);
  }

  history.replace(place(gateFirst));
  history.onMove(moveTo);
  visitor.track(visitEvent(location.search, quiz.urlFields));
  // Without a start page the server-rendered first screen is the first question, or the form before it.
  if (gateFirst) {
    trackStart();
    visitor.track({ type: 'capture' });
  } else if (currentId !== null) {
    trackStart();
    visitor.track({ type: 'shown', questionId: currentId });
  }
}
