import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/appError';
import { assertThemeAllowed } from './saveQuiz';

const account = (extraTemplates: boolean) => ({
  id: 'a',
  permissions: { proVersion: false, extraTemplates },
});

describe('assertThemeAllowed', () => {
  it('lets any account choose a standard theme and refuses an unknown one', () => {
    expect(() => assertThemeAllowed(account(false), 'theme-3', 'black-white')).not.toThrow();
    expect(() => assertThemeAllowed(account(true), 'theme-99', 'black-white')).toThrow(AppError);
  });

  it('lets only accounts with extra themes choose one, and keeps one a quiz already has', () => {
    expect(() => assertThemeAllowed(account(true), 'aurora-21', 'black-white')).not.toThrow();
    expect(() => assertThemeAllowed(account(false), 'aurora-21', 'black-white')).toThrow(/extra themes/);
    // The account lost the permission after choosing it: its saves must keep working.
    expect(() => assertThemeAllowed(account(false), 'aurora-21', 'aurora-21')).not.toThrow();
  });
});
