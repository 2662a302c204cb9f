import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export type RequestHeaders = Record<string, string>;
interface Stored {
  requestHeaders: RequestHeaders;
  response: LightMyRequestResponse;
  storedAt: number;
}
interface Served {
  response: LightMyRequestResponse;
  /** True when the answer came out of the cache's store (fresh, revalidated, or stale on an error). */
  fromStore: boolean;
}

/** The response's Cache-Control directives, by lower-case name, with their values ('' for none). */
export function directivesOf(response: LightMyRequestResponse): Map<string, string> {
  const header = String(response.headers['cache-control'] ?? '');
  return new Map(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean)
      .map((part) => {
        const [name = '', value = ''] = part.split('=');
        return [name.trim(), value.trim()] as const;
      }),
  );
}

const secondsOf = (value: string | undefined) => (value === undefined ? undefined : Number(value));
export const varyFieldsOf = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .split(',')
    .map((field) => field.trim().toLowerCase())
    .filter(Boolean);

/**
 * A shared cache (a CDN) that does all that RFC 9111 lets it do with what the published site answers: it stores
 * every GET answer that says neither `no-store` nor `private`; reuses one while it is fresh for a shared cache
 * (`s-maxage`, else `max-age`; `no-cache` is never fresh; without either, as long as it likes, as CDNs keep such
 * answers by heuristics or defaults); picks the stored copy whose `Vary` request headers match; once stale,
 * revalidates with the ETags of every copy it holds for the address (4.3.1) and serves the copy a 304 names;
 * and serves a stale copy in place of a 5xx while `stale-if-error` allows. Time moves only by `advance`.
 */
export class ObedientSharedCache {
  private now = 0;
  private readonly store = new Map<string, Stored[]>();

  /** `origin` answers what the cache does not serve itself: the test app. */
  constructor(private readonly origin: Pick<FastifyInstance, 'inject'>) {}

  advance(seconds: number): void {
    this.now += seconds;
  }

  async get(host: string, url: string, headers: RequestHeaders = {}): Promise<Served> {
    const key = `${host}${url}`;
    const held = this.store.get(key) ?? [];
    const matching = held.filter((entry) => this.sameVariant(entry, headers));
    const fresh = matching.find((entry) => this.age(entry) < this.freshness(entry.response));
    if (fresh) return { response: fresh.response, fromStore: true };

    const tags = held.map((entry) => entry.response.headers.etag).filter((tag) => typeof tag === 'string');
    const validators: RequestHeaders = tags.length > 0 ? { 'if-none-match': tags.join(', ') } : {};
    const answer = await this.origin.inject({
      method: 'GET',
      url,
      headers: { host, ...headers, ...validators },
    });
    if (answer.statusCode === 304) {
      const named = held.find((entry) => entry.response.headers.etag === answer.headers.etag);
      if (!named) throw new Error(`a 304 named ${answer.headers.etag}, which the cache does not hold`);
      named.storedAt = this.now;
      return { response: named.response, fromStore: true };
    }
    if (answer.statusCode >= 500) {
      const stale = matching.find((entry) => this.mayServeOnError(entry));
      if (stale) return { response: stale.response, fromStore: true };
    }
    const directives = directivesOf(answer);
    if (!directives.has('no-store') && !directives.has('private')) {
      const others = held.filter((entry) => !this.sameVariant(entry, headers));
      this.store.set(key, [{ requestHeaders: headers, response: answer, storedAt: this.now }, ...others]);
    }
    return { response: answer, fromStore: false };
  }

  private age(entry: Stored): number {
    return this.now - entry.storedAt;
  }

  private freshness(response: LightMyRequestResponse): number {
    const directives = directivesOf(response);
    if (directives.has('no-cache')) return 0;
    return (
      secondsOf(directives.get('s-maxage')) ??
      secondsOf(directives.get('max-age')) ??
      Number.POSITIVE_INFINITY
    );
  }

  private mayServeOnError(entry: Stored): boolean {
    const allowed = secondsOf(directivesOf(entry.response).get('stale-if-error'));
    return allowed !== undefined && this.age(entry) - this.freshness(entry.response) <= allowed;
  }

  private sameVariant(entry: Stored, headers: RequestHeaders): boolean {
    return varyFieldsOf(entry.response).every(
      (field) =>
        field !== '*' &&
        (entry.requestHeaders[field] ?? '').trim().toLowerCase() ===
          (headers[field] ?? '').trim().toLowerCase(),
    );
  }
}
