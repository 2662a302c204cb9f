import { canonicalAddress, judgeAddress } from '../../outbound/addressPolicy';
import { type AllowedHost, isAllowedHost } from '../../outbound/allowedHosts';
import { AppError } from '../../shared/appError';

export const WEBHOOK_URL_PRIVATE_TEXT =
  'This URL points at a private or local network address, which Quizbeam cannot send leads to.';

const LOOPBACK_NAME = /(^|\.)localhost\.?$/i;

/**
 * Refuses at save time what is private on its face (an IP literal of a private, loopback or link-local
 * range, or localhost), unless OUTBOUND_ALLOWED_HOSTS lets it through. Names that resolve to such addresses
 * are refused when a delivery connects, by the guarded HTTP client.
 */
export function refusePrivateWebhookAddress(text: string, allowedHosts: readonly AllowedHost[]): void {
  const url = new URL(text);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (isAllowedHost(allowedHosts, url.hostname, port)) return;
  const address = canonicalAddress(url.hostname);
  const isPrivate = address === null ? LOOPBACK_NAME.test(url.hostname) : !judgeAddress(address).allowed;
  if (isPrivate)
    throw new AppError('validation_failed', `Invalid request. body/url: ${WEBHOOK_URL_PRIVATE_TEXT}`);
}
