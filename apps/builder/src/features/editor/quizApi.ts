import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizResponseSchema, quizPath } from '@quizbeam/contracts/quizEndpoints';
import { api } from '../../api/apiClient';

export const loadQuiz = (quizId: string) => api.get(quizPath(quizId), getQuizResponseSchema);

export const saveQuiz = (quiz: Quiz) => api.put(quizPath(quiz.id), quiz, getQuizResponseSchema);
