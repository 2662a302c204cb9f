import { randomBytes } from 'node:crypto';
import type { FakeResponse } from '../fakeHttp';

/** GetResponse's error answers as its fake sends them: { httpStatus, code, codeDescription, message, context }. */

export const DUPLICATE_TEXT = 'There is another resource with the same value of unique property';

export const shortId = () => randomBytes(4).toString('hex');

export function errorBody(
  httpStatus: number,
  code: number,
  codeDescription: string,
  message: string,
  context: object = {},
) {
  return {
    httpStatus,
    code,
    codeDescription,
    message,
    moreInfo: `https://apidocs.getresponse.com/en/v3/errors/${code}`,
    context,
    uuid: `${shortId()}-fake`,
  };
}
export const fail = (...args: Parameters<typeof errorBody>): FakeResponse => ({
  status: args[0],
  body: errorBody(...args),
});
export const unauthorized = () =>
  fail(
    401,
    1014,
    'Problem during authentication process, check headers!',
    'Unable to authenticate request. Check credentials or authentication method details',
    { authenticationType: 'oauth2' },
  );
export const validation = (fieldName: string, errorDescription: string) =>
  fail(
    400,
    1000,
    'General error of validation process, more details should be in context section',
    'Validation error, see context section for more information',
    { fieldName, errorDescription },
  );
export const relatedNotFound = (message: string) => fail(400, 1001, 'Related resource not found', message);
export const notFound = () => fail(404, 1013, 'The requested resource was not found', 'Resource not found');
