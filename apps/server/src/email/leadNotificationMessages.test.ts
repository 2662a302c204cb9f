import { describe, expect, it } from 'vitest';
import { leadDigestMessage, newLeadMessage, utcTime } from './leadNotificationMessages';

const links = {
  leadsUrl: 'https://app.example/quizzes/q1/leads',
  unsubscribeUrl: 'https://app.example/lead-emails/unsubscribe/q1.mac',
};

describe('the new-lead email', () => {
  const message = newLeadMessage(
    'owner@example.com',
    {
      quizName: 'Dogs\r\nBcc: victim@example.com <b>',
      email: 'ada@example.com',
      name: '<img src=x onerror=alert(1)>',
      fields: [
        { label: 'Company', value: 'A & B' },
        { label: 'Call me', value: 'Yes' },
      ],
      outcome: 'Beagle',
      score: '7 (70%)',
      urlFields: [{ name: 'ref', value: '"partner7"' }],
      submittedAt: new Date('2026-11-27T09:05:30Z'),
    },
    links,
  );

  it('keeps a quiz name on one line in the subject', () => {
    expect(message.subject).toBe('New lead for Dogs Bcc: victim@example.com <b>: ada@example.com');
  });

  it('lists the lead in the text, with the Leads link and the unsubscribe link', () => {
    for (const line of [
      'Email: ada@example.com',
      'Name: <img src=x onerror=alert(1)>',
      'Company: A & B',
      'Call me: Yes',
      'Outcome: Beagle',
      'Score: 7 (70%)',
      'ref: "partner7"',
      'Submitted: 2026-11-27 09:05 UTC',
      links.leadsUrl,
      links.unsubscribeUrl,
    ]) {
      expect(message.text).toContain(line);
    }
  });

  it('escapes everything the visitor or the marketer wrote in the HTML', () => {
    expect(message.html).not.toContain('<img');
    expect(message.html).not.toContain('<b>');
    expect(message.html).toContain('A &#38; B');
    expect(message.html).toContain(`href="${links.leadsUrl}"`);
    expect(message.html).toContain(`href="${links.unsubscribeUrl}"`);
  });

  it('carries one-click unsubscribe headers', () => {
    expect(message.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('leaves out what a lead does not have', () => {
    const bare = newLeadMessage(
      'owner@example.com',
      {
        quizName: 'Q',
        email: 'x@example.com',
        name: null,
        fields: [],
        outcome: null,
        score: null,
        urlFields: [],
        submittedAt: new Date('2026-01-01T00:00:00Z'),
      },
      links,
    );
    expect(bare.text).not.toMatch(/^(Name|Outcome|Score):/m);
  });
});

describe('the daily digest', () => {
  it('counts the leads and says how many are not listed', () => {
    const lead = {
      createdAt: new Date('2026-03-09T13:45:00Z'),
      email: 'a@example.com',
      name: null,
      outcome: 'B',
    };
    const message = leadDigestMessage(
      'owner@example.com',
      { quizName: 'Q', day: '2026-03-09', total: 101, leads: [lead] },
      links,
    );
    expect(message.subject).toBe('101 new leads for Q on 2026-03-09');
    expect(message.text).toContain('2026-03-09 13:45 UTC · a@example.com · B');
    expect(message.text).toContain('and 100 more leads');
    const one = leadDigestMessage(
      'o@example.com',
      { quizName: 'Q', day: '2026-03-09', total: 1, leads: [lead] },
      links,
    );
    expect(one.subject).toBe('1 new lead for Q on 2026-03-09');
    expect(one.text).not.toContain('more lead');
  });

  it('writes times in UTC, to the minute', () => {
    expect(utcTime(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31 23:59 UTC');
  });
});
