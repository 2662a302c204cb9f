import type { AnalyticsQuestion } from '@quizbeam/contracts/analytics';
import { useId } from 'react';
import { formatCount, formatPercentage, responsesText } from './analyticsFormat';
import { FunnelFigures } from './FunnelFigures';
import { ShareBar } from './ShareBar';

export const BRANCHING_NOTE =
  'A question that only some paths show is measured against the visitors it was shown to: Reached counts ' +
  'them, Left counts those who stopped there without finishing, and Drop-off is Left as a share of Reached.';

function QuestionFigures({ question }: { question: AnalyticsQuestion }) {
  const titleId = useId();
  return (
    <article className="analytics-question" aria-labelledby={titleId}>
      <h3 id={titleId} className="analytics-question__title">
        {question.title}
      </h3>
      {question.description && <p className="analytics-question__description">{question.description}</p>}
      <FunnelFigures
        figures={[
          { label: 'Responses', value: responsesText(question.count) },
          { label: 'Reached', value: formatCount(question.reached) },
          { label: 'Left', value: formatCount(question.left) },
          { label: 'Drop-off', value: formatPercentage(question.dropOffPercentage) },
        ]}
      />
      <ul className="share-list" aria-label={`Answers to ${question.title}`}>
        {question.answers.map((answer) => (
          <li key={answer.id} className="share-list__item">
            <span className="share-list__label">
              {answer.imageUrl && (
                // The label beside it names the picture, so it needs no text of its own.
                <img className="share-list__thumbnail" src={answer.imageUrl} alt="" width={48} height={48} />
              )}
              {answer.text}
            </span>
            <span className="share-list__figures">
              {formatCount(answer.count)} · {formatPercentage(answer.percentage)}
            </span>
            <ShareBar percentage={answer.percentage} />
          </li>
        ))}
      </ul>
    </article>
  );
}

/** The questions in quiz order: how many answered, reached and left each, and how the answers split. */
export function QuestionsSection({ questions }: { questions: AnalyticsQuestion[] }) {
  const headingId = useId();
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Questions</h2>
      <p className="analytics-section__muted">{BRANCHING_NOTE}</p>
      {questions.map((question) => (
        <QuestionFigures key={question.id} question={question} />
      ))}
    </section>
  );
}
