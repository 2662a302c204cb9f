import type { Image } from '@quizbeam/contracts/quiz';
import { describe, expect, it } from 'vitest';
import {
  answerLabel,
  answerLabels,
  outcomeTitleForLead,
  questionLabel,
  withoutScoreShortcodes,
} from './labels';

const image = (filename: string): Image => ({
  id: 'image-1',
  accountId: 'account-1',
  filename,
  s3Key: `uploads/${filename}`,
  url: `https://cdn.example.com/${filename}`,
  width: 640,
  height: 480,
});

describe('answerLabel', () => {
  it('is the text, else the caption, else the image with its file name, else the position', () => {
    expect(answerLabel({ text: ' Coffee ', imageCaption: 'Cup', image: null }, 1)).toBe('Coffee');
    expect(answerLabel({ text: ' ', imageCaption: 'Tea', image: image('tea.jpg') }, 2)).toBe('Tea');
    expect(answerLabel({ text: '', imageCaption: '', image: image('juice.png') }, 3)).toBe(
      'Image 3 (juice.png)',
    );
    expect(answerLabel({ text: '', imageCaption: '', image: image(' ') }, 4)).toBe('Image 4');
    expect(answerLabel({ text: '', imageCaption: '', image: null }, 5)).toBe('Answer 5');
  });

  it('numbers the answers of a question in their order', () => {
    const labels = answerLabels({
      answers: [
        { id: 7, text: '', imageCaption: '', image: image('water.webp') },
        { id: 3, text: '', imageCaption: 'Tea', image: image('tea.jpg') },
      ].map((answer) => ({
        ...answer,
        points: 0,
        outcome: null,
        next: { defaultBehaviour: 'follow_question', behaviour: 'follow_question', target: null },
      })),
    });
    expect([...labels]).toEqual([
      [7, 'Image 1 (water.webp)'],
      [3, 'Tea'],
    ]);
  });
});

describe('questionLabel', () => {
  it('is the text, else the question by its rank', () => {
    expect(questionLabel({ text: 'Your drink?', rank: 1 })).toBe('Your drink?');
    expect(questionLabel({ text: '  ', rank: 4 })).toBe('Question 4');
  });
});

describe('outcome titles in data', () => {
  it('fill a scored quiz’s shortcodes with the lead’s score', () => {
    expect(
      outcomeTitleForLead('Beginner: [[score]] of [[ maxScore ]]', 'scored', { score: 3, maxScore: 10 }),
    ).toBe('Beginner: 3 of 10');
  });

  it('take the shortcodes out where no score applies', () => {
    expect(outcomeTitleForLead('Explorer [[score]]', 'general', { score: 0, maxScore: 0 })).toBe('Explorer');
    expect(withoutScoreShortcodes('Beginner: [[score]] of [[maxScore]]')).toBe('Beginner: of');
    expect(withoutScoreShortcodes('[[SCORE]] points')).toBe('points');
    expect(withoutScoreShortcodes('Plain  title ')).toBe('Plain  title ');
  });
});
