import type { Quiz } from '@quizbeam/contracts/quiz';
import { quizVisitorTexts } from '@quizbeam/contracts/quizVisitorTexts';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import { pageTexts } from '@quizbeam/player/pageTexts';
import type { PlayerData } from '@quizbeam/player/playerData';
import { publishedQuizView } from '@quizbeam/player/publishedQuizView';
import { visitorQuiz } from './visitorQuiz';

export interface PlayerDataInput {
  mode: 'published' | 'preview';
  snapshotId: string;
  maxScore: number;
  pageUrl: string;
  quiz: Quiz;
  /** The language the page is shown in (one of the quiz's page languages). */
  language: VisitorLanguage;
  /** The page runs the marketer's opt-in or completion code, which reads the form's fields by their keys. */
  fieldKeys?: boolean;
}

/**
 * The #quizbeam-data contents: the quiz as the visitor's page may hold it (never the page's scripts). Only
 * the editor's preview also carries the prepared quiz, to compute its result in the page (see PreviewData).
 */
export function playerDataFor(input: PlayerDataInput): PlayerData {
  const prepared = visitorQuiz(input.quiz, input.language);
  const quiz = publishedQuizView(prepared, input.maxScore, { fieldKeys: input.fieldKeys === true });
  const common = {
    snapshotId: input.snapshotId,
    language: input.language,
    texts: pageTexts(input.language, quizVisitorTexts(input.quiz.language, input.language), quiz),
    pageUrl: input.pageUrl,
    quiz,
  };
  return input.mode === 'preview'
    ? { mode: 'preview', ...common, preview: { quiz: prepared, maxScore: input.maxScore } }
    : { mode: 'published', ...common };
}
