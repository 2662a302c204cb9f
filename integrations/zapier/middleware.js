const API_KEY_HEADER = 'X-API-Key';
const WRONG_KEY_TEXT = 'The API Key you supplied is incorrect';

/**
 * Every request carries the connected account's key.
 *
 * @param {{ headers?: Record<string, string> }} request
 * @param {unknown} _z
 * @param {{ authData?: { apiKey?: string } }} bundle
 */
function addApiKeyHeader(request, _z, bundle) {
  const apiKey = bundle.authData?.apiKey;
  if (apiKey) request.headers = { ...request.headers, [API_KEY_HEADER]: apiKey.trim() };
  return request;
}

/**
 * A 401 means the key is wrong, missing or replaced: Zapier asks the user to reconnect. Quizbeam's own
 * message says which.
 *
 * @param {{ status: number, content?: string }} response
 * @param {{ errors: { Error: new (message: string, code: string, status: number) => Error } }} z
 */
function refuseWrongKey(response, z) {
  if (response.status !== 401) return response;
  let message = WRONG_KEY_TEXT;
  try {
    const body = JSON.parse(response.content ?? '');
    if (typeof body.error === 'string' && body.error) message = body.error;
  } catch {
    // Not JSON: the generic message.
  }
  throw new z.errors.Error(message, 'AuthenticationError', response.status);
}

module.exports = { API_KEY_HEADER, addApiKeyHeader, refuseWrongKey };
