import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import type { VisitorTexts } from '@quizbeam/contracts/visitorTexts';
import { en } from '@quizbeam/contracts/visitorTexts/en';

/** What an English page's data says of its language: for tests that build player data by hand. */
export const ENGLISH_PAGE: { language: VisitorLanguage; texts: VisitorTexts } = { language: 'en', texts: en };
