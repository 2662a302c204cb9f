import type { HtmlFormData } from '@quizbeam/contracts/htmlFormSettings';
import { parseHtmlFormEndpoint } from '@quizbeam/contracts/htmlForms';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { useEndpointQuery } from '../../api/endpointQuery';

/** Typing pauses this long before the markup is parsed; a paste is one change, so it parses once. */
export const PARSE_DELAY_MS = 400;

export interface ParsedMarkup {
  data: HtmlFormData | null;
  /** The server's refusal of the markup (no form with an action and get/post, say). */
  error: string | null;
  isParsing: boolean;
}

function useSettledValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * What the server finds in the markup, asked once typing settles. `known` is a parse the editor already has
 * (the stored form's), so opening a form to edit calls nothing.
 */
export function useParsedMarkup(
  account: string,
  markup: string,
  known: { markup: string; data: HtmlFormData } | null,
): ParsedMarkup {
  const settledMarkup = useSettledValue(markup, PARSE_DELAY_MS);
  const isKnown = known !== null && settledMarkup === known.markup;
  const query = useEndpointQuery(
    parseHtmlFormEndpoint,
    { params: { account }, body: { originalMarkup: settledMarkup } },
    {
      enabled: settledMarkup.trim() !== '' && !isKnown,
      // The same markup always parses the same.
      staleTime: Number.POSITIVE_INFINITY,
      meta: { handlesError: (error) => isApiError(error, 400) },
    },
  );
  if (markup.trim() === '') return { data: null, error: null, isParsing: false };
  if (isKnown && markup === known.markup) return { data: known.data, error: null, isParsing: false };
  const isCurrent = settledMarkup === markup;
  return {
    data: isCurrent ? (query.data ?? null) : null,
    error: isCurrent && isApiError(query.error, 400) ? query.error.message : null,
    isParsing: !isCurrent || query.isFetching,
  };
}
