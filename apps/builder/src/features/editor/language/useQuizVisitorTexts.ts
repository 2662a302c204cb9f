import type { QuizLanguage } from '@quizbeam/contracts/quizLanguage';
import type { VisitorLanguage } from '@quizbeam/contracts/visitorLanguages';
import { visitorTextsEndpoint } from '@quizbeam/contracts/visitorTextEndpoints';
import type { VisitorTextKey, VisitorTexts } from '@quizbeam/contracts/visitorTexts';
import { en } from '@quizbeam/contracts/visitorTexts/en';
import { useMemo } from 'react';
import { useEndpointQuery } from '../../../api/endpointQuery';

/**
 * The texts a visitor sees Quizbeam's screens in, for the editor's own previews: the quiz's language (as a
 * visitor whose browser does not choose), the marketer's versions over it; English until they have loaded.
 */
export function useQuizVisitorTexts(language: QuizLanguage | undefined): {
  language: VisitorLanguage;
  texts: VisitorTexts;
} {
  const code = language?.code ?? 'en';
  const supplied = useEndpointQuery(
    visitorTextsEndpoint,
    { query: { language: code } },
    { staleTime: Number.POSITIVE_INFINITY, meta: { handlesError: () => true } },
  );
  const own = language?.texts?.[code];
  return useMemo(() => {
    const base = supplied.data ? (supplied.data.texts as VisitorTexts) : en;
    const texts: VisitorTexts = { ...base };
    for (const [key, value] of Object.entries(own ?? {}) as [VisitorTextKey, string][]) {
      if (!value.trim()) continue;
      (texts as Record<VisitorTextKey, unknown>)[key] =
        typeof texts[key] === 'string' ? value : { other: value };
    }
    return { language: supplied.data ? code : 'en', texts };
  }, [supplied.data, own, code]);
}
