import { duplicateQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';

export const QUIZ_DUPLICATED_TEXT = 'Quiz has been duplicated.';

interface QuizDuplication {
  /** Copies the quiz as saved on the server; the copy's id, or null when it failed (the error is shown). */
  duplicate: (quizId: string) => Promise<string | null>;
  /** The quiz being copied now, or null. */
  duplicatingId: string | null;
}

/**
 * Duplicate, from My Quizzes and from the editor. The copy's id comes back only once My Quizzes has been
 * loaded again, so a success message never comes before the new card.
 */
export function useDuplicateQuiz(): QuizDuplication {
  const queryClient = useQueryClient();
  const duplication = useEndpointMutation(duplicateQuizEndpoint, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listQuizzesEndpoint) }),
  });
  // One copy at a time: a second click before the first answer is ignored (the ref holds at once, the state
  // disables the button on the next render).
  const inFlight = useRef(false);
  const [duplicatingId, setDuplicatingId] = useState<string | null>(null);
  async function duplicate(quizId: string): Promise<string | null> {
    if (inFlight.current) return null;
    inFlight.current = true;
    setDuplicatingId(quizId);
    try {
      return (await duplication.mutateAsync({ params: { id: quizId } })).quizId;
    } catch (error) {
      showDefaultError(error);
      return null;
    } finally {
      inFlight.current = false;
      setDuplicatingId(null);
    }
  }
  return { duplicate, duplicatingId };
}
