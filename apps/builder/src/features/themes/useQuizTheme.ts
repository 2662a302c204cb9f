import { useCallback } from 'react';
import { setQuizFields } from '../editor/store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../editor/store/quizStoreHooks';

/**
 * The quiz's theme id and the way to change it. Choosing a theme sets `theme` only: the appearance fields
 * the marketer set keep their values, and those left '' follow the new theme's defaults.
 */
export function useQuizTheme(): { themeId: string; chooseTheme: (themeId: string) => void } {
  const themeId = useQuizSelector((quiz) => quiz.theme);
  const dispatch = useQuizDispatch();
  const chooseTheme = useCallback((next: string) => dispatch(setQuizFields({ theme: next })), [dispatch]);
  return { themeId, chooseTheme };
}
