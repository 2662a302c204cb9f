import type { Quiz } from '@quizbeam/contracts/quiz';
import { getQuizEndpoint, saveQuizEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { call } from '../../api/apiClient';

export const loadQuiz = (quizId: string) => call(getQuizEndpoint, { params: { id: quizId } });

/** Saves over the revision the quiz carries; a newer one stored meanwhile is a 409 (`staleRevisionBodySchema`). */
export const saveQuiz = (quiz: Quiz) => call(saveQuizEndpoint, { params: { id: quiz.id }, body: quiz });
