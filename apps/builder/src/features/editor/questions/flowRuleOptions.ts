import type { FlowRule, Question, Quiz } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';

/** The option standing for the rule's default: next in list for a question, follow the question for an answer. */
export const DEFAULT_RULE = 'default';
export const END_QUIZ = 'end';

type NextOption = { value: string; label: string };

const questionLabel = (question: Question) =>
  `Question ${question.rank}: ${question.text.trim() || 'Untitled question'}`;

/** Every question but `ownQuestionId` as a jump target, then the end. */
function jumpOptions(quiz: Quiz, ownQuestionId: number): NextOption[] {
  return [
    ...quiz.questions
      .filter((question) => question.id !== ownQuestionId)
      .map((question) => ({ value: String(question.id), label: questionLabel(question) })),
    { value: END_QUIZ, label: 'End Quiz Here' },
  ];
}

/** Choices of a question's After This Question select: in list, each other question, or the end. */
export function questionNextOptions(quiz: Quiz, questionId: number): NextOption[] {
  return [{ value: DEFAULT_RULE, label: 'Next Question In List' }, ...jumpOptions(quiz, questionId)];
}

/** What a question's rule does, as the answers' default names it (a jump to a question gone ends the quiz). */
function questionRuleText(quiz: Quiz, rule: FlowRule): string {
  if (rule.behaviour === 'end_quiz') return 'End quiz here';
  if (rule.behaviour === 'specific_question') {
    const target = quiz.questions.find((question) => question.id === rule.target);
    return target ? `Go to ${questionLabel(target).replace(/^Question/, 'question')}` : 'End quiz here';
  }
  return 'Next question in list';
}

/**
 * Choices of an answer's Next select. Its default follows whatever the question says after it, so it is
 * named after that rule rather than "Next Question In List", which it only is while the question says so.
 */
export function answerNextOptions(quiz: Quiz, questionId: number): NextOption[] {
  const question = quiz.questions.find((candidate) => candidate.id === questionId);
  const followed = question ? questionRuleText(quiz, question.next) : 'Next question in list';
  return [
    { value: DEFAULT_RULE, label: `Same as the question (${followed})` },
    ...jumpOptions(quiz, questionId),
  ];
}

export function ruleToOption(rule: FlowRule): string {
  if (rule.behaviour === 'end_quiz') return END_QUIZ;
  if (rule.behaviour === 'specific_question' && rule.target !== null) return String(rule.target);
  return DEFAULT_RULE;
}

export function optionToRule(option: string, defaultBehaviour: FlowRule['defaultBehaviour']): FlowRule {
  if (option === END_QUIZ) return { defaultBehaviour, behaviour: 'end_quiz', target: END_QUIZ_TARGET };
  if (option === DEFAULT_RULE) return { defaultBehaviour, behaviour: defaultBehaviour, target: null };
  return { defaultBehaviour, behaviour: 'specific_question', target: Number(option) };
}

export const pointsOptions = Array.from({ length: 11 }, (_, points) => ({
  value: String(points),
  label: points === 0 ? 'Incorrect +0' : `Correct +${points}`,
}));
