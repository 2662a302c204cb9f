import type { Me } from '@quizbeam/contracts/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/env';
import type { AppContext } from '../../http/appContext';
import { unauthenticated } from '../../shared/appError';
import { resolveSession, SESSION_IDLE_LIMIT_MS } from './sessions';

const isHttps = (config: Config) => config.appUrl.startsWith('https://');
// The __Host- prefix pins the cookie to our exact host over https; browsers reject it over http.
export const sessionCookieName = (config: Config) =>
  isHttps(config) ? '__Host-quizbeam_session' : 'quizbeam_session';

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    signed: true,
    maxAge: SESSION_IDLE_LIMIT_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
  });
}

export function readSessionToken(request: FastifyRequest, config: Config): string | null {
  const raw = request.cookies[sessionCookieName(config)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

/**
 * The signed-in user, or a 401 AppError. Given the reply, a session whose use was just recorded is sent its
 * cookie again: the browser then keeps it 30 days from the last use, as the server does, not from sign-in.
 */
export async function requireUser(
  request: FastifyRequest,
  { config, db }: AppContext,
  reply?: FastifyReply,
): Promise<Me> {
  const token = readSessionToken(request, config);
  const renew = () => {
    if (reply && token) setSessionCookie(reply, config, token);
  };
  const me = token ? await resolveSession(db, token, renew) : null;
  if (!me) throw unauthenticated();
  return me;
}
