import { previewQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { useEffect, useRef, useState } from 'react';
import { urlOf } from '../../api/apiClient';

interface QuizPreviewFormProps {
  quiz: Quiz;
  accountId: string;
  /** The name of the frame the server's page goes to: it must be rendered before this form. */
  target: string;
}

/**
 * Posts the quiz (its `data` field, as JSON) to the preview endpoint once, as it mounts; the server renders
 * it into the frame named `target`. The quiz as it was then is what the frame shows.
 */
export function QuizPreviewForm({ quiz, accountId, target }: QuizPreviewFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [data] = useState(() => JSON.stringify(quiz));

  useEffect(() => {
    formRef.current?.submit();
  }, []);

  return (
    <form
      ref={formRef}
      method="post"
      action={urlOf(previewQuizEndpoint, { params: { account: accountId } })}
      target={target}
      hidden
    >
      <input type="hidden" name="data" value={data} />
    </form>
  );
}
