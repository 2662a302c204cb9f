import { MAX_URL_FIELDS, URL_FIELD_VALUE_MAX_LENGTH } from '@quizbeam/contracts/quizConstants';

/** The URL fields a lead keeps: values by name, and the names whose values were cut to 500 characters. */
export interface KeptUrlFields {
  values: Record<string, string>;
  cut: string[];
}

/** What the page sent: its URL fields when it reads them itself, else only the address it was on. */
export interface SentUrlFields {
  pageUrl: string;
  urlFields?: Record<string, string> | undefined;
  urlFieldsCut?: readonly string[] | undefined;
}

/** The page address's parameters by name (the first of a repeated one); an unparsable address has none. */
function addressParameters(pageUrl: string): (name: string) => string | undefined {
  let params: URLSearchParams;
  try {
    params = new URL(pageUrl).searchParams;
  } catch {
    return () => undefined;
  }
  return (name) => params.get(name) ?? undefined;
}

/** A record from outside by name, own strings only: `__proto__` or `toString` reads nothing inherited. */
const ownText = (record: Record<string, string>) => (name: string) => {
  const value: unknown = Object.hasOwn(record, name) ? record[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/**
 * The URL fields the quiz keeps, from what the page sent: only the quiz's names (its first 20), in its
 * order; each value without control characters, cut to 500 characters and made well-formed (a visitor can put
 * any character in an address, even ones the database refuses); empty ones dropped. Pages from before they
 * sent URL fields are read from their address. Nothing here refuses a lead: too long is cut, and said.
 */
export function keptUrlFields(names: readonly string[], sent: SentUrlFields): KeptUrlFields {
  const read = sent.urlFields ? ownText(sent.urlFields) : addressParameters(sent.pageUrl);
  const cutByPage = new Set(sent.urlFieldsCut ?? []);
  const entries: [string, string][] = [];
  const cut: string[] = [];
  for (const name of new Set(names.slice(0, MAX_URL_FIELDS))) {
    const clean = read(name)?.replace(/\p{Cc}/gu, '');
    if (!clean) continue;
    const value = clean.slice(0, URL_FIELD_VALUE_MAX_LENGTH).toWellFormed();
    entries.push([name, value]);
    if (clean.length > URL_FIELD_VALUE_MAX_LENGTH || cutByPage.has(name)) cut.push(name);
  }
  // fromEntries defines each name as its own property, `__proto__` included.
  return { values: Object.fromEntries(entries), cut };
}
