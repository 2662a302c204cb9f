import { ServiceError } from '../../autoresponderClient';

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
/** A host with a dot, maybe a port, maybe a pasted path (dropped). */
const HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?(?:\/.*)?$/i;

function invalidAddress(typed: string): ServiceError {
  return new ServiceError(
    'permanent',
    `"${typed.slice(0, 100)}" is not a Sendlane site address. Enter your account's subdomain, such as "acme" for acme.sendlane.com.`,
    { field: 'subdomain' },
  );
}

/** Any page of the account (`https://acme.sendlane.com/dashboard`) means the account's v1 API. */
const apiBaseOfUrl = (url: URL) => `${url.origin}/api/v1`;

/**
 * The v1 API base of the site address the user typed: a bare subdomain ("acme") fills `{subdomain}` in
 * SENDLANE_API_URL (a URL without the placeholder, such as a local fake's, is used as it is); a host
 * ("acme.sendlane.com") is reached over https; a full URL ("http://127.0.0.1:4010") is taken as typed.
 */
export function sendlaneApiBase(apiUrlSetting: string, typed: string | undefined): string {
  const address = (typed ?? '').trim();
  if (address === '') {
    throw new ServiceError('permanent', 'Please enter your Sendlane site address.', { field: 'subdomain' });
  }
  if (address.includes('://')) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw invalidAddress(address);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidAddress(address);
    return apiBaseOfUrl(url);
  }
  if (SUBDOMAIN.test(address)) return apiUrlSetting.replaceAll('{subdomain}', address.toLowerCase());
  if (HOST.test(address)) {
    try {
      return apiBaseOfUrl(new URL(`https://${address}`));
    } catch {
      throw invalidAddress(address);
    }
  }
  throw invalidAddress(address);
}
