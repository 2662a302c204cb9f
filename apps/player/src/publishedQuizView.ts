import type { Image, ImageVariant, Outcome, Quiz } from '@quizbeam/contracts/quiz';
import { flowIndex, resolveNext } from '@quizbeam/quiz-engine/flow';
import { sortByRank } from '@quizbeam/quiz-engine/ranks';
import { visitorVariants } from './markup/responsiveImage';
import type {
  CaptureTexts,
  OutcomeCaptureTexts,
  PublishedLeadCapture,
  PublishedQuizView,
} from './playerData';

/** The page title and start-page heading when the marketer left the title empty (the name is internal). */
export const UNTITLED_QUIZ_TITLE = 'Quiz';

/** An image as the page carries it: its URL, and its variants for a `srcset` when it has any. */
function imageFields(image: Image | null): { imageUrl: string | null; imageVariants?: ImageVariant[] } {
  const imageUrl = image?.url || null;
  const imageVariants = imageUrl ? visitorVariants(image?.variants) : [];
  return imageVariants.length > 0 ? { imageUrl, imageVariants } : { imageUrl };
}

const captureTexts = (texts: CaptureTexts): CaptureTexts => ({
  headerText: texts.headerText,
  descriptionText: texts.descriptionText,
  dataUsageNote: texts.dataUsageNote,
  privacyPolicyUrl: texts.privacyPolicyUrl,
});

/**
 * Segment by Outcome: the outcomes whose capture texts a visitor may see, by rank (scored quizzes: those
 * with a whole score interval, the only ones a score can lead to), each with its own texts where set.
 */
function segmentOutcomes(quiz: Quiz): { outcomes: Outcome[]; texts: OutcomeCaptureTexts[] } {
  const quizTexts = captureTexts(quiz.leadCaptureSettings);
  const scored = quiz.type === 'scored';
  const outcomes = sortByRank(quiz.outcomes).filter(
    ({ scoreRange }) => !scored || (scoreRange.from !== null && scoreRange.to !== null),
  );
  const texts = outcomes.map(({ leadCaptureSettings: own, scoreRange }): OutcomeCaptureTexts => {
    const pick = (key: keyof CaptureTexts) => (own[key].trim() ? own[key] : quizTexts[key]);
    return {
      texts: {
        headerText: pick('headerText'),
        descriptionText: pick('descriptionText'),
        dataUsageNote: pick('dataUsageNote'),
        privacyPolicyUrl: pick('privacyPolicyUrl'),
      },
      scores:
        scored && scoreRange.from !== null && scoreRange.to !== null
          ? { from: scoreRange.from, to: scoreRange.to }
          : null,
    };
  });
  return { outcomes, texts };
}

/**
 * What a visitor's page holds of a quiz the server prepared for visitors (links and images checked, default
 * capture texts filled in, integrations removed; its visitorQuiz): the start page, the
 * questions in flow order with their answers and where each leads, and the capture form's texts. Never
 * the name, ids of the account, storage keys or outcomes, which a completion's answer brings one at a time.
 */
export function publishedQuizView(quiz: Quiz): PublishedQuizView {
  const index = flowIndex(quiz);
  const settings = quiz.leadCaptureSettings;
  const segments = settings.enabled && settings.usePerOutcomeSettings ? segmentOutcomes(quiz) : null;
  const outcomePosition = new Map(segments?.outcomes.map((outcome, position) => [outcome.id, position]));
  const leadCapture: PublishedLeadCapture | null = settings.enabled
    ? {
        ...captureTexts(settings),
        captureName: settings.captureName,
        useConfirmationCheckbox: settings.useConfirmationCheckbox,
        confirmationCheckboxText: settings.confirmationCheckboxText,
        skippable: settings.skippable,
        byOutcome: segments?.texts ?? null,
      }
    : null;
  return {
    type: quiz.type,
    title: quiz.title.trim() ? quiz.title : UNTITLED_QUIZ_TITLE,
    description: quiz.description,
    cta: quiz.cta,
    startPage: quiz.startPage.enabled,
    questions: sortByRank(quiz.questions).map((question) => ({
      id: question.id,
      type: question.type,
      text: question.text,
      ...imageFields(question.image),
      answers: question.answers.map((answer) => {
        const step = resolveNext(index, question, answer);
        return {
          id: answer.id,
          text: answer.text,
          ...imageFields(answer.image),
          imageCaption: answer.imageCaption,
          next: step.kind === 'question' ? step.questionId : null,
          ...(segments && quiz.type === 'scored' && { points: answer.points }),
          ...(segments &&
            quiz.type === 'general' && {
              outcome: answer.outcome === null ? null : (outcomePosition.get(answer.outcome) ?? null),
            }),
        };
      }),
    })),
    leadCapture,
  };
}
