import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './env';

describe('readConfig', () => {
  it('applies the documented defaults', () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      publishUrl: 'http://127.0.0.1:3000',
      basePath: '',
      dataDir: './data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      supportEmail: 'support@quizbeam.app',
      helpUrl: 'https://quizbeam.app/help',
      sessionSecret: undefined,
      trustProxy: false,
      s3: undefined,
    });
  });

  it('derives the URLs from PORT and strips trailing slashes', () => {
    const config = readConfig({ PORT: '4100', PUBLISH_URL: 'https://quiz.example.com/' });
    expect(config.appUrl).toBe('http://localhost:4100');
    expect(config.publishUrl).toBe('https://quiz.example.com');
  });

  it('treats blank variables as unset', () => {
    expect(readConfig({ DATABASE_URL: '', PORT: ' ' }).databaseUrl).toBeUndefined();
  });

  it('names every invalid variable', () => {
    expect(() => readConfig({ PORT: 'eighty', BASE_PATH: 'app/', SMTP_URL: 'mail.example.com' })).toThrow(
      ConfigError,
    );
    try {
      readConfig({ PORT: 'eighty', BASE_PATH: 'app/', SMTP_URL: 'mail.example.com' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('BASE_PATH must be empty or start with "/"');
      expect(message).toContain('SMTP_URL must start with smtp://');
    }
  });

  it('accepts a base path', () => {
    expect(readConfig({ BASE_PATH: '/builder' }).basePath).toBe('/builder');
  });
});
