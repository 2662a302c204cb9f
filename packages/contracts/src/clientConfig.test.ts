import { describe, expect, it } from 'vitest';
import { parseClientConfig } from './clientConfig';

const config = {
  basePath: '/app',
  supportEmail: 'care@quizbeam.test',
  helpUrl: 'https://quizbeam.app/help',
  publishUrl: 'http://quizzes.test',
};

describe('the client config read from a builder page', () => {
  it('keeps the four fields and drops anything else', () => {
    expect(parseClientConfig({ ...config, extra: 'x' })).toEqual(config);
  });

  it('refuses a value that is not an object, or a field that is missing or not a string', () => {
    for (const value of [
      null,
      'text',
      3,
      [],
      { ...config, basePath: 7 },
      { ...config, helpUrl: undefined },
    ]) {
      expect(parseClientConfig(value)).toBeNull();
    }
    const { publishUrl: _missing, ...withoutPublishUrl } = config;
    expect(parseClientConfig(withoutPublishUrl)).toBeNull();
  });
});
