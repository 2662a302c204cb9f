import type { Question, Quiz, QuizType } from '@quizbeam/contracts/quiz';
import { END_QUIZ_TARGET } from '@quizbeam/contracts/quizConstants';
import { addAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import { newQuiz } from '@quizbeam/quiz-engine/newQuiz';
import { addOutcome, type OutcomePatch, updateOutcome } from '@quizbeam/quiz-engine/outcomes';
import { addQuestion, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { type QuizPatch, updateQuiz } from '@quizbeam/quiz-engine/updateQuiz';

/** An answer; `outcome` is an outcome index, `to` a question index or 'end'. */
export interface AnswerSpec {
  text: string;
  points?: number;
  outcome?: number;
  to?: number | 'end';
  image?: string;
  caption?: string;
}

export interface QuestionSpec {
  text: string;
  type?: Question['type'];
  answers: AnswerSpec[];
}

export interface TestQuiz {
  quiz: Quiz;
  questionIds: number[];
  answerIds: number[][];
  outcomeIds: number[];
}

const image = (url: string) => ({
  id: 'img',
  accountId: 'acc',
  filename: 'a.png',
  s3Key: 'k',
  url,
  width: 10,
  height: 10,
});

/** Builds a quiz through the engine's editing functions, as the editor would. */
export function makeQuiz(spec: {
  type: QuizType;
  outcomes: OutcomePatch[];
  questions: QuestionSpec[];
  patch?: QuizPatch;
}): TestQuiz {
  let quiz = updateQuiz(newQuiz({ id: 'quiz-1', name: 'Pet quiz', type: spec.type }), spec.patch ?? {});
  const outcomeIds: number[] = [];
  for (const patch of spec.outcomes) {
    const added = addOutcome(quiz);
    outcomeIds.push(added.outcomeId);
    quiz = updateOutcome(added.quiz, added.outcomeId, patch);
  }
  const questionIds: number[] = [];
  const answerIds: number[][] = [];
  for (const question of spec.questions) {
    const added = addQuestion(quiz);
    quiz = updateQuestion(added.quiz, added.questionId, {
      text: question.text,
      type: question.type ?? 'single_list',
    });
    questionIds.push(added.questionId);
    const ids: number[] = [];
    for (const _ of question.answers) {
      const answer = addAnswer(quiz, added.questionId);
      quiz = answer.quiz;
      ids.push(answer.answerId);
    }
    answerIds.push(ids);
  }
  spec.questions.forEach((question, q) => {
    question.answers.forEach((answer, a) => {
      const to = answer.to;
      const next =
        to === undefined
          ? undefined
          : to === 'end'
            ? {
                defaultBehaviour: 'follow_question' as const,
                behaviour: 'end_quiz' as const,
                target: END_QUIZ_TARGET,
              }
            : {
                defaultBehaviour: 'follow_question' as const,
                behaviour: 'specific_question' as const,
                target: questionIds[to] ?? null,
              };
      quiz = updateAnswer(quiz, questionIds[q] ?? 0, answerIds[q]?.[a] ?? 0, {
        text: answer.text,
        points: answer.points ?? 0,
        outcome: answer.outcome === undefined ? null : (outcomeIds[answer.outcome] ?? null),
        ...(next && { next }),
        ...(answer.image && { image: image(answer.image), imageCaption: answer.caption ?? '' }),
      });
    });
  });
  return { quiz, questionIds, answerIds, outcomeIds };
}

/** A general quiz that branches: outside → garden (skipping the sofa question); sofa "I do" ends the quiz. */
export function petQuiz(patch: QuizPatch = {}): TestQuiz {
  return makeQuiz({
    type: 'general',
    patch: {
      title: 'Which pet suits you?',
      description: 'Find your perfect pet.',
      startPage: { enabled: false },
      ...patch,
    },
    outcomes: [
      {
        name: 'Dog person',
        descriptions: ['<b>Walks</b> galore.\nEvery day.', 'Second dog text'],
        image: image('https://cdn.example/dog.png'),
        enableSocialSharing: true,
        enableCta: true,
        ctaButtonText: 'Adopt a dog',
        ctaUrl: 'https://pets.example/dogs',
      },
      { name: 'Cat person', descriptions: ['Naps.'] },
      { name: 'Fish person', descriptions: ['Bubbles.'] },
      { name: 'Shelter', type: 'redirect', redirect: 'https://shelter.example/visit' },
    ],
    questions: [
      {
        text: 'Do you like going outside?',
        answers: [
          { text: 'Yes, every day', outcome: 0, to: 2 },
          { text: 'No, I stay in', outcome: 1 },
        ],
      },
      {
        text: 'Do you mind fur on the sofa?',
        answers: [
          { text: 'I don’t mind', outcome: 1 },
          { text: 'I do', outcome: 2, to: 'end' },
        ],
      },
      {
        text: 'How big is your garden?',
        type: 'image_single_list',
        answers: [
          { text: 'Big', outcome: 0, image: 'https://cdn.example/big.png', caption: 'A big garden' },
          { text: 'None', outcome: 1, image: 'https://cdn.example/none.png' },
        ],
      },
    ],
  });
}

/** A scored quiz with a start page: 5 points per right answer, top marks from 6 points. */
export function mathsQuiz(patch: QuizPatch = {}): TestQuiz {
  return makeQuiz({
    type: 'scored',
    patch: { title: 'Quick maths', description: 'Two questions.', cta: 'Let’s go', ...patch },
    outcomes: [
      {
        name: 'Top marks: [[score]]/[[maxScore]]',
        descriptions: ['You scored [[score]] of [[ maxScore ]].'],
        scoreRange: { from: 6, to: 10 },
      },
      { name: 'Keep practising', descriptions: ['Only [[score]].'], scoreRange: { from: 0, to: 5 } },
    ],
    questions: [
      {
        text: 'What is 2 + 2?',
        answers: [
          { text: '4', points: 5 },
          { text: '5', points: 0 },
        ],
      },
      {
        text: 'What is the capital of France?',
        answers: [
          { text: 'Paris', points: 5 },
          { text: 'Rome', points: 0 },
        ],
      },
    ],
  });
}
