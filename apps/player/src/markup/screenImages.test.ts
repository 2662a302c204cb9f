import type { Image, ImageVariant, Quiz } from '@quizbeam/contracts/quiz';
import { buildQuiz } from '@quizbeam/quiz-engine/testing/quizzes';
import { describe, expect, it } from 'vitest';
import { publishedQuizView } from '../publishedQuizView';
import { visitorOutcomeOf } from '../result/visitorOutcomeOf';
import { outcomeScreenHtml } from './outcomeScreen';
import { questionScreenHtml } from './questionScreen';

const variantsOf = (url: string): ImageVariant[] =>
  [640, 960].flatMap((width) => [
    { width, height: width / 2, type: 'image/webp' as const, url: `${url}.w${width}.webp` },
    { width, height: width / 2, type: 'image/png' as const, url: `${url}.w${width}.png` },
  ]);

const imageAt = (url: string, variants?: ImageVariant[]): Image => ({
  id: 'image-1',
  accountId: 'account-1',
  filename: 'a.png',
  s3Key: 'accounts/a/images/b/a.png',
  url,
  width: 1000,
  height: 500,
  ...(variants && { variants }),
});

function quizWithImages(): Quiz {
  const { quiz } = buildQuiz({ type: 'general', questions: [{ answers: [{}, {}] }], outcomes: ['Beach'] });
  const [question] = quiz.questions;
  if (!question) throw new Error('no question');
  const answerImages = [
    imageAt('https://cdn.example/a.png', variantsOf('https://cdn.example/a.png')),
    // Uploaded before variants existed.
    imageAt('https://cdn.example/b.png'),
  ];
  return {
    ...quiz,
    questions: [
      {
        ...question,
        type: 'image_single_list',
        image: imageAt('https://cdn.example/q.png', variantsOf('https://cdn.example/q.png')),
        answers: question.answers.map((answer, index) => ({ ...answer, image: answerImages[index] ?? null })),
      },
    ],
    outcomes: quiz.outcomes.map((outcome) => ({
      ...outcome,
      image: imageAt('https://cdn.example/o.png', [
        ...variantsOf('https://cdn.example/o.png'),
        { width: 320, height: 160, type: 'image/webp', url: 'javascript:alert(1)' },
      ]),
    })),
  };
}

describe('pictures on the visitor’s screens', () => {
  it('carries each image’s variants with its URL, only where it has some', () => {
    const [question] = publishedQuizView(quizWithImages(), 0).questions;
    expect(question?.imageUrl).toBe('https://cdn.example/q.png');
    expect(question?.imageVariants).toEqual(variantsOf('https://cdn.example/q.png'));
    expect(question?.answers[0]?.imageVariants).toEqual(variantsOf('https://cdn.example/a.png'));
    expect(question?.answers[1]).toMatchObject({ imageUrl: 'https://cdn.example/b.png' });
    expect(question?.answers[1]).not.toHaveProperty('imageVariants');
  });

  it('shows the question and answer pictures with a srcset sized for their place', () => {
    const [question] = publishedQuizView(quizWithImages(), 0).questions;
    if (!question) throw new Error('no question');
    const screen = document.createElement('div');
    screen.innerHTML = questionScreenHtml({ question, progress: { step: 1, total: 1 }, canGoBack: false });
    const [questionPicture, answerPicture] = screen.querySelectorAll('picture');
    expect(questionPicture?.querySelector('img')?.className).toBe('qb-image');
    expect(questionPicture?.querySelector('source')?.getAttribute('sizes')).toBe(
      '(max-width: 40em) 100vw, 40rem',
    );
    expect(questionPicture?.querySelector('source')?.getAttribute('srcset')).toBe(
      'https://cdn.example/q.png.w640.webp 640w, https://cdn.example/q.png.w960.webp 960w',
    );
    const answerImg = answerPicture?.querySelector('img');
    expect(answerPicture?.closest('button')?.getAttribute('data-answer')).toBe(
      String(question.answers[0]?.id),
    );
    expect(answerImg?.getAttribute('sizes')).toBe('(max-width: 40em) 50vw, 20rem');
    expect(answerImg?.getAttribute('srcset')).toBe(
      'https://cdn.example/a.png.w640.png 640w, https://cdn.example/a.png.w960.png 960w',
    );
    expect(answerImg?.getAttribute('loading')).toBe('lazy');
    // The older answer image, without variants, stays a plain <img>.
    const plain = screen.querySelector(`button[data-answer="${question.answers[1]?.id}"] > img`);
    expect(plain?.getAttribute('src')).toBe('https://cdn.example/b.png');
    expect(plain?.hasAttribute('srcset')).toBe(false);
  });

  it('gives the outcome its picture’s http(s) variants and shows them', () => {
    const quiz = quizWithImages();
    const outcome = visitorOutcomeOf(quiz, {
      outcomeId: quiz.outcomes[0]?.id ?? null,
      score: 0,
      maxScore: 0,
      percent: 0,
      categories: [],
      showCategoryBars: false,
      descriptionIndex: 0,
    });
    if (outcome.type !== 'text') throw new Error('expected a text outcome');
    expect(outcome.imageVariants).toEqual(variantsOf('https://cdn.example/o.png'));
    const html = outcomeScreenHtml({ ...outcome, share: null, categories: [] });
    expect(html).not.toContain('javascript:');
    const screen = document.createElement('div');
    screen.innerHTML = html;
    expect(screen.querySelector('picture source')?.getAttribute('srcset')).toBe(
      'https://cdn.example/o.png.w640.webp 640w, https://cdn.example/o.png.w960.webp 960w',
    );
    expect(screen.querySelector('picture img')?.getAttribute('src')).toBe('https://cdn.example/o.png');
  });
});
