import { visitorLeadBodySchema } from '@quizbeam/contracts/visitorEvents';
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from './leadForm';

const serverAccepts = (email: string) => visitorLeadBodySchema.shape.email.safeParse(email).success;

describe('EMAIL_PATTERN', () => {
  it('accepts exactly the addresses the server accepts', () => {
    const samples = [
      'ada@example.com',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.ie",
      'ada@example',
      'ada@',
      '@example.com',
      'ada example@example.com',
      'ada..x@example.com',
      '.ada@example.com',
      'ada@-example.com',
      'ada@example.c',
      'ünï@example.com',
    ];
    for (const email of samples)
      expect([email, EMAIL_PATTERN.test(email)]).toEqual([email, serverAccepts(email)]);
  });
});
