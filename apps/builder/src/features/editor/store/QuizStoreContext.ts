import { createContext } from 'react';
import type { QuizStore } from './quizStore';

export const QuizStoreContext = createContext<QuizStore | null>(null);
