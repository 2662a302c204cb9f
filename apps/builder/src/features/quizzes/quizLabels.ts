import type { QuizType } from '@quizbeam/contracts/quiz';

export const QUIZ_TYPE_LABELS: Record<QuizType, string> = { general: 'General', scored: 'Scored' };

export const DELETE_COMPLETE_TEXT = 'Delete complete.';

const countFormat = new Intl.NumberFormat('en-US');
export const formatCount = (count: number) => countFormat.format(count);

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
export function formatDate(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
