import type { AnalyticsQuestion, AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useId } from 'react';
import { formatCount, formatPercentage, formatValue, NO_FIGURE, responsesText } from './analyticsFormat';
import { FunnelFigures } from './FunnelFigures';
import { ShareBar } from './ShareBar';
import { TextAnswers } from './TextAnswers';
import { ValueHistogram } from './ValueHistogram';

export const BRANCHING_NOTE =
  'A question that only some paths show is measured against the visitors it was shown to: Reached counts ' +
  'them, Left counts those who stopped there without finishing, and Drop-off is Left as a share of Reached.';

export const SEVERAL_ANSWERS_NOTE =
  'Visitors could choose several answers: each share is of the visitors who answered, so together they can pass 100%.';

/** What the range and version on screen are, for a text question's search. */
type Shown = Pick<AnalyticsResult, 'range' | 'version'>;

const isMultiSelect = (question: AnalyticsQuestion) =>
  question.type === 'multi_list' || question.type === 'image_multi_list';

function AnswerShares({ question }: { question: AnalyticsQuestion }) {
  return (
    <>
      {isMultiSelect(question) && <p className="analytics-section__muted">{SEVERAL_ANSWERS_NOTE}</p>}
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
    </>
  );
}

/** How the question's answers split: shares of each answer, a histogram of values, or the texts typed. */
function AnswerFigures({ question, shown }: { question: AnalyticsQuestion; shown: Shown }) {
  if (question.histogram) return <ValueHistogram title={question.title} histogram={question.histogram} />;
  if (question.latestTexts) {
    return (
      <TextAnswers
        questionId={question.id}
        title={question.title}
        latest={question.latestTexts}
        range={shown.range}
        version={shown.version}
      />
    );
  }
  return <AnswerShares question={question} />;
}

function QuestionFigures({ question, shown }: { question: AnalyticsQuestion; shown: Shown }) {
  const titleId = useId();
  const { histogram } = question;
  const median = histogram ? [{ label: 'Median', value: medianText(histogram) }] : [];
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
          ...median,
        ]}
      />
      <AnswerFigures question={question} shown={shown} />
    </article>
  );
}

const medianText = ({ median, unit }: NonNullable<AnalyticsQuestion['histogram']>) =>
  median === null ? NO_FIGURE : formatValue(median, unit);

/**
 * The questions in quiz order: how many answered, reached and left each, and how the answers split (for
 * ratings and numbers a histogram and the median, for texts the latest answers and a search).
 */
export function QuestionsSection({ questions, range, version }: { questions: AnalyticsQuestion[] } & Shown) {
  const headingId = useId();
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Questions</h2>
      <p className="analytics-section__muted">{BRANCHING_NOTE}</p>
      {questions.map((question) => (
        <QuestionFigures key={question.id} question={question} shown={{ range, version }} />
      ))}
    </section>
  );
}
