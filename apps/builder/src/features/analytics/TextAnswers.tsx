import {
  type AnalyticsResult,
  type AnalyticsTextAnswer,
  MAX_TEXT_SEARCH_LENGTH,
  quizAnalyticsTextsEndpoint,
} from '@quizbeam/contracts/analytics';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useEndpointQuery } from '../../api/endpointQuery';
import { useQuizSelector } from '../editor/store/quizStoreHooks';
import { useMe } from '../session/useMe';
import { formatTimeAsDay } from './analyticsFormat';

export const NO_TEXT_ANSWERS_TEXT = 'No visitor typed an answer in this range.';
export const noMatchesText = (search: string) => `No answer contains “${search}”.`;

interface TextAnswersProps {
  questionId: number;
  title: string;
  latest: AnalyticsTextAnswer[];
  range: AnalyticsResult['range'];
  version: number | null;
}

/** The answers as typed (React escapes them: they are the visitors' words, never markup), newest first. */
function TextAnswerList({ title, texts }: { title: string; texts: AnalyticsTextAnswer[] }) {
  return (
    <ol className="text-answers" aria-label={`Answers to ${title}`}>
      {texts.map((answer, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: two visitors may type the same words; the list is only replaced.
        <li key={index} className="text-answers__item">
          <span className="text-answers__text">
            {answer.text}
            {answer.truncated ? '…' : ''}
          </span>
          <span className="text-answers__day">{formatTimeAsDay(answer.startedAt)}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * A text question's latest answers, and a search of all its answers in the range shown, made by the server
 * (the list holds only the latest). The range and version are those of the figures on screen.
 */
export function TextAnswers({ questionId, title, latest, range, version }: TextAnswersProps) {
  const accountId = useMe().account.id;
  const quizId = useQuizSelector((quiz) => quiz.id);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const query = { ...range, ...(version === null ? {} : { version }), question: questionId, q: search };
  const found = useEndpointQuery(
    quizAnalyticsTextsEndpoint,
    search === '' ? skipToken : { params: { account: accountId, id: quizId }, query },
    { placeholderData: keepPreviousData },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(typed.trim());
  }

  const texts = search === '' ? latest : (found.data?.texts ?? []);
  const emptyText = search === '' ? NO_TEXT_ANSWERS_TEXT : noMatchesText(search);
  return (
    <>
      <form className="text-answers__search" onSubmit={submit}>
        <input
          className="input"
          type="search"
          aria-label={`Search the answers to ${title}`}
          placeholder="Search answers"
          maxLength={MAX_TEXT_SEARCH_LENGTH}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          Search
        </button>
      </form>
      <p className="analytics-section__muted" aria-live="polite">
        {search === ''
          ? 'The latest answers, newest first.'
          : `Answers containing “${search}”, newest first.`}
      </p>
      {search !== '' && found.isPending ? null : texts.length === 0 ? (
        <p className="analytics-section__muted">{emptyText}</p>
      ) : (
        <TextAnswerList title={title} texts={texts} />
      )}
    </>
  );
}
