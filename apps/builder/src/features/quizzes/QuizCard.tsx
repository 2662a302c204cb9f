import type { QuizSummary } from '@quizbeam/contracts/quiz';
import { Link } from 'react-router';
import { formatDate, QUIZ_TYPE_LABELS } from './quizLabels';

interface QuizCardProps {
  quiz: QuizSummary;
  onShare: (quiz: QuizSummary) => void;
  onDuplicate: (quiz: QuizSummary) => void;
  /** While its copy is being made: Duplicate waits, so one click makes one copy. */
  isDuplicating: boolean;
  onDelete: (quiz: QuizSummary) => void;
}

export function QuizCard({ quiz, onShare, onDuplicate, isDuplicating, onDelete }: QuizCardProps) {
  const updated = formatDate(quiz.updatedAt);
  return (
    <li className="card quiz-card">
      <h2 className="quiz-card__name">{quiz.name}</h2>
      <p className="quiz-card__facts">
        <span className="quiz-card__type">{QUIZ_TYPE_LABELS[quiz.type]}</span>
        <span
          className={quiz.isPublished ? 'quiz-card__state quiz-card__state--published' : 'quiz-card__state'}
        >
          {quiz.isPublished ? 'Published' : 'Not published'}
        </span>
      </p>
      {updated && <p className="quiz-card__updated">Updated {updated}</p>}
      <div className="quiz-card__actions">
        <Link
          to={`/quizzes/${encodeURIComponent(quiz.id)}`}
          className="button"
          aria-label={`Edit ${quiz.name}`}
        >
          Edit
        </Link>
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Share ${quiz.name}`}
          onClick={() => onShare(quiz)}
        >
          Share
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={`Duplicate ${quiz.name}`}
          disabled={isDuplicating}
          onClick={() => onDuplicate(quiz)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="button button--secondary quiz-card__delete"
          aria-label={`Delete ${quiz.name}`}
          onClick={() => onDelete(quiz)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
