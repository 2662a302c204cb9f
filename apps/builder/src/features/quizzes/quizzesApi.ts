import { deleteQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { call } from '../../api/apiClient';
import { endpointKey } from '../../api/endpointKey';

/** Where My Quizzes' list is cached: the quiz editor's Save and Delete load it again. */
export const quizzesQueryKeys = {
  list: endpointKey(listQuizzesEndpoint),
} as const;

export const deleteQuiz = (quizId: string) => call(deleteQuizEndpoint, { params: { id: quizId } });
