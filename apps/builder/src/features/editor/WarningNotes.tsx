import type { QuizWarning } from '@quizbeam/quiz-engine/quizWarnings';

/** The validator's warnings about one question or outcome, shown on its card. */
export function WarningNotes({ warnings }: { warnings: QuizWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="warning-notes">
      {warnings.map((warning) => (
        <li key={`${warning.kind}-${warning.message}`} role="note" className="warning-notes__item">
          <span aria-hidden="true">⚠ </span>
          {warning.message}
        </li>
      ))}
    </ul>
  );
}
