import { afterEach, describe, expect, it, vi } from 'vitest';
import { publishedVisitor } from './publishedVisitor';
import { FieldRefusal } from './visitor';

const LEAD = { email: 'ada@example.com', name: null, consent: false, fields: { f1: '12' } };

function answering(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a lead the server refuses', () => {
  it('names the form’s field and the server’s message when the 400 names a field', async () => {
    answering(400, {
      error: 'Phone: Please enter a valid phone number.',
      code: 'validation_failed',
      field: 'fields.f1',
    });
    const refusal = await publishedVisitor('snapshot', 'visit')
      .submitLead([], LEAD)
      .catch((error) => error);
    expect(refusal).toBeInstanceOf(FieldRefusal);
    expect([refusal.field, refusal.message]).toEqual(['f1', 'Phone: Please enter a valid phone number.']);
  });

  it('is a plain failure (the form’s “couldn’t send” alert) when the 400 names no field', async () => {
    answering(400, { error: 'Invalid request.', code: 'validation_failed' });
    const refusal = await publishedVisitor('snapshot', 'visit')
      .submitLead([], LEAD)
      .catch((error) => error);
    expect(refusal).toBeInstanceOf(Error);
    expect(refusal).not.toBeInstanceOf(FieldRefusal);
  });
});
