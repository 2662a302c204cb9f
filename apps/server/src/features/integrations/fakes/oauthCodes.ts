import { createHash } from 'node:crypto';
import { authorizePage, type FakeRequest, type FakeResponse, newToken } from './fakeHttp';

/** An OAuth 2.0 error document, as authorize and token endpoints answer one. */
export const oauthError = (status: number, error: string, description: string): FakeResponse => ({
  status,
  body: { error, error_description: description },
});

/** What a token request gets for a code that is unknown, spent, or issued for another redirect or verifier. */
export const invalidCodeAnswer = (): FakeResponse =>
  oauthError(400, 'invalid_grant', 'Invalid authorization code');

export interface AuthorizationCodesOptions {
  /** The service's name on the consent page. */
  serviceLabel: string;
  /** The only client the fake knows. */
  clientId: string;
  /** Codes start with it, so a test can tell whose code it holds. */
  codePrefix: string;
  /** Whether the service takes a PKCE challenge (S256 only) with the authorize request. */
  pkce: boolean;
}

export interface AuthorizationCodes {
  /** A GET on the authorize URL: the consent page for the fake's own client, a 400 for anything else. */
  authorize(query: URLSearchParams): FakeResponse;
  /**
   * Spends the code of a token request's form (a refused code is spent too): true when it was issued for
   * the form's redirect_uri and, where the authorize request carried a challenge, the code_verifier meets it.
   */
  redeem(form: Record<string, unknown>): boolean;
}

interface IssuedCode {
  redirectUri: string;
  codeChallenge: string | null;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The authorization codes of a fake's consent page: issued by "Allow", each good for one token request. */
export function authorizationCodes(options: AuthorizationCodesOptions): AuthorizationCodes {
  const issued = new Map<string, IssuedCode>();
  return {
    authorize(query) {
      if (query.get('client_id') !== options.clientId || query.get('response_type') !== 'code') {
        return oauthError(400, 'invalid_request', 'Unknown client_id');
      }
      const codeChallenge = options.pkce ? query.get('code_challenge') : null;
      if (codeChallenge && query.get('code_challenge_method') !== 'S256') {
        return oauthError(400, 'invalid_request', 'Only S256 is supported');
      }
      const grant: IssuedCode = { redirectUri: query.get('redirect_uri') ?? '', codeChallenge };
      return authorizePage(options.serviceLabel, query, () => {
        const code = newToken(options.codePrefix);
        issued.set(code, grant);
        return code;
      });
    },
    redeem(form) {
      const code = typeof form.code === 'string' ? form.code : '';
      const grant = issued.get(code);
      issued.delete(code);
      if (!grant || grant.redirectUri !== form.redirect_uri) return false;
      if (!grant.codeChallenge) return true;
      return typeof form.code_verifier === 'string' && s256(form.code_verifier) === grant.codeChallenge;
    },
  };
}

const AUTHORIZE_PATH = '/oauth2/authorize';
const TOKEN_PATH = '/oauth2/token';

/**
 * The consent page and the token endpoint, at the paths every OAuth fake serves them; undefined for any
 * other request, which the service's own routes answer.
 */
export function oauthEndpoints(
  request: FakeRequest,
  codes: AuthorizationCodes,
  token: (request: FakeRequest) => FakeResponse | Promise<FakeResponse>,
): FakeResponse | Promise<FakeResponse> | undefined {
  if (request.method === 'GET' && request.path === AUTHORIZE_PATH) return codes.authorize(request.query);
  if (request.method === 'POST' && request.path === TOKEN_PATH) return token(request);
  return undefined;
}

/** What points the server at an OAuth fake: `<PREFIX>_API_URL`, the consent and token addresses, the app's client. */
export function oauthServiceEnv(
  prefix: string,
  apiUrl: string,
  serverUrl: string,
  client: { id: string; secret: string },
): Record<string, string> {
  return {
    [`${prefix}_API_URL`]: apiUrl,
    [`${prefix}_AUTHORIZE_URL`]: `${serverUrl}${AUTHORIZE_PATH}`,
    [`${prefix}_TOKEN_URL`]: `${serverUrl}${TOKEN_PATH}`,
    [`${prefix}_CLIENT_ID`]: client.id,
    [`${prefix}_CLIENT_SECRET`]: client.secret,
  };
}
