import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../http/appContext';
import { movedQuizDestination } from '../publishing/movedQuizAddresses';
import { surrogateKeyOf } from './pageCaching';
import type { PublishedSite } from './publishedSite';

/** Like a page, an old address is re-checked after this long, so another process's Republish shows. */
const RECHECK_MS = 5_000;
const MAX_ADDRESSES = 5_000;
/**
 * Every cache, browser or CDN, checks again before each use, as for a page: a permanent redirect is otherwise
 * kept for ever, and a quiz moved back to its old address would then loop between its two addresses.
 */
const REDIRECT_CACHE_CONTROL = 'public, no-cache';

interface Destination {
  url: string;
  quizId: string;
}

/**
 * Old addresses of quizzes a Republish moved to another host, each answered with a permanent redirect to
 * where the quiz is live now. Look-ups, misses included, are kept briefly in memory like pages, so random
 * paths do not reach the database on every request; Publish and Unpublish drop them at once, in every process.
 */
export class MovedQuizRedirects {
  private readonly destinations = new LRUCache<string, Destination | 'none'>({
    max: MAX_ADDRESSES,
    ttl: RECHECK_MS,
  });
  /** Bumped by every change, so a look-up that started before it never stores what it found. */
  private generation = 0;

  constructor(private readonly context: Pick<AppContext, 'db' | 'config'>) {}

  async destination(host: string, slug: string): Promise<Destination | null> {
    const key = `${host}/${slug}`;
    const cached = this.destinations.get(key);
    if (cached !== undefined) return cached === 'none' ? null : cached;
    const generation = this.generation;
    const { db, config } = this.context;
    const publishHost = new URL(config.publishUrl).host;
    const live = await movedQuizDestination(db, publishHost, { host, slug });
    const found = live
      ? { url: publishedQuizUrl(config.publishUrl, live.host, live.slug), quizId: live.quizId }
      : null;
    if (generation === this.generation) this.destinations.set(key, found ?? 'none');
    return found;
  }

  /** A quiz was published or taken down: every old address is looked up again. */
  forgetAll(): void {
    this.generation += 1;
    this.destinations.clear();
  }
}

/**
 * Nothing is live at host/slug: when a quiz moved away from there and is still live, answers with a permanent
 * redirect to it (keeping the query string, UTM parameters included) and returns true; otherwise false.
 */
export async function redirectToMovedQuiz(
  _context: Pick<AppContext, 'db' | 'config'>,
  site: PublishedSite,
  request: FastifyRequest,
  reply: FastifyReply,
  address: { host: string; slug: string },
): Promise<boolean> {
  const destination = await site.redirects.destination(address.host, address.slug);
  if (!destination) return false;
  const queryStart = request.url.indexOf('?');
  const query = queryStart === -1 ? '' : request.url.slice(queryStart);
  // Not the reply itself: a FastifyReply is a thenable, and awaiting it would wait for the answer to end.
  reply
    .status(301)
    .header('location', `${destination.url}${query}`)
    .header('cache-control', REDIRECT_CACHE_CONTROL)
    .header('surrogate-key', surrogateKeyOf(destination.quizId))
    .header('cache-tag', surrogateKeyOf(destination.quizId))
    .send();
  return true;
}
