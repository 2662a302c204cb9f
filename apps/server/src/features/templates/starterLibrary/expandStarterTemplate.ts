import type { Quiz } from '@quizbeam/contracts/quiz';
import { addAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import { updateLeadCaptureSettings } from '@quizbeam/quiz-engine/leadCapture';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { addOutcome, updateOutcome } from '@quizbeam/quiz-engine/outcomes';
import { addQuestion, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { maxScore } from '@quizbeam/quiz-engine/scoring';
import { updateQuiz } from '@quizbeam/quiz-engine/updateQuiz';
import type { StarterTemplate } from './starterTemplate';
import type { StarterTemplateFile } from './starterTemplateFile';

/**
 * The template a file describes, its quiz built the way the editor builds one: `newQuiz` (default theme and
 * look, lead capture with its default settings), then outcomes, questions and answers added and filled in
 * with the engine's own functions, so ids come from `nextId` and ranks follow the file's order. Every flow
 * rule keeps its default (next question in the list). The quiz's id is the template's key, a placeholder
 * the seed replaces.
 *
 * Throws when a scored template's last band does not end at the quiz's maximum score (the file schema
 * checks everything else about the bands).
 */
export function expandStarterTemplate(file: StarterTemplateFile): StarterTemplate {
  let quiz = updateQuiz(newQuiz({ id: file.key, name: file.name, type: file.type }), {
    title: file.startPage.title,
    description: file.startPage.description,
    cta: file.startPage.cta,
    startPage: { enabled: file.startPage.enabled },
  });
  if (file.leadCapture) {
    quiz = updateLeadCaptureSettings(quiz, {
      enabled: true,
      headerText: file.leadCapture.headerText,
      descriptionText: file.leadCapture.descriptionText,
    });
  }

  const outcomeIds = new Map<string, number>();
  for (const outcome of file.outcomes) {
    const added = addOutcome(quiz);
    outcomeIds.set(outcome.key, added.outcomeId);
    quiz = updateOutcome(added.quiz, added.outcomeId, {
      name: outcome.name,
      descriptions: outcome.descriptions,
      enableSocialSharing: file.socialSharing,
      ctaButtonText: outcome.suggestedCtaText ?? '',
      ...('scoreRange' in outcome && { scoreRange: outcome.scoreRange }),
    });
  }

  for (const question of file.questions) {
    const added = addQuestion(quiz);
    quiz = updateQuestion(added.quiz, added.questionId, { text: question.text });
    for (const answer of question.answers) {
      const withAnswer = addAnswer(quiz, added.questionId);
      quiz = updateAnswer(withAnswer.quiz, added.questionId, withAnswer.answerId, {
        text: answer.text,
        ...('points' in answer && { points: answer.points }),
        ...('outcome' in answer && { outcome: outcomeIds.get(answer.outcome) ?? null }),
      });
    }
  }

  if (file.type === 'scored') checkTopBand(file, quiz);
  return {
    key: file.key,
    categoryKey: file.categoryKey,
    name: file.name,
    type: file.type,
    description: file.description,
    pointOfQuiz: file.pointOfQuiz,
    isExtra: file.isExtra,
    isAvailableForNewQuizzes: file.isAvailableForNewQuizzes,
    quiz,
  };
}

function checkTopBand(file: Extract<StarterTemplateFile, { type: 'scored' }>, quiz: Quiz): void {
  const top = file.outcomes.at(-1);
  const highest = maxScore(quiz);
  if (top && top.scoreRange.to !== highest) {
    throw new Error(
      `The last score band ends at ${top.scoreRange.to}, but the highest possible score is ${highest}.`,
    );
  }
}
