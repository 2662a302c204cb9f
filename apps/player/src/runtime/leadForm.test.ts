import { isValidEmailAddress } from '@quizbeam/contracts/emailAddress';
import { visitorLeadBodySchema } from '@quizbeam/contracts/visitorEvents';
import { describe, expect, it } from 'vitest';

const serverAccepts = (email: string) => visitorLeadBodySchema.shape.email.safeParse(email).success;

describe('the capture form’s email check', () => {
  it('accepts exactly the addresses the server accepts', () => {
    const samples = [
      'ada@example.com',
      'first.last+tag@sub.example.co.uk',
      "o'brien@example.ie",
      'ada@exämple.com',
      'ada@example',
      'ada@',
      '@example.com',
      'ada example@example.com',
      'ada@-example.com',
      'ada@example-.com',
      `${'a'.repeat(65)}@example.com`,
      'ünï@example.com',
    ];
    for (const email of samples)
      expect([email, isValidEmailAddress(email)]).toEqual([email, serverAccepts(email)]);
  });
});
