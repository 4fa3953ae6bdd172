import { describe, expect, it } from 'vitest';
import { buildFeedbackBody, buildFeedbackMailto, buildFeedbackSubject } from './feedback-mail';
import type { Feedback } from './feedback-schema';

const SENT_AT = new Date(2026, 10, 21, 14, 5, 9);
const FEEDBACK: Feedback = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  rating: '4',
  subject: 'Frame delay & loops?',
  message: 'Could the frame delay go below 50 ms?\nThanks!',
};

describe('buildFeedbackBody', () => {
  it('lists name, email, subject, rating, the message and a footer with product name and local date', () => {
    expect(buildFeedbackBody(FEEDBACK, SENT_AT, 'en-US')).toBe(
      [
        'Name: Ada Lovelace',
        'Email: ada@example.com',
        'Subject: Frame delay & loops?',
        'Rating: 4/5 (Very Good)',
        '',
        'Message:',
        'Could the frame delay go below 50 ms?',
        'Thanks!',
        '',
        '---',
        'Sent from the PNG to GIF Converter feedback form',
        'Date: 11/21/2026, 2:05:09 PM',
      ].join('\n'),
    );
  });

  it("writes 'Not provided' for a missing email or rating", () => {
    const body = buildFeedbackBody({ ...FEEDBACK, email: '', rating: '' }, SENT_AT, 'en-US');
    expect(body).toContain('Email: Not provided\n');
    expect(body).toContain('Rating: Not provided\n');
  });

  it('names every rating of the scale', () => {
    const ratings = ['5', '4', '3', '2', '1'].map(
      (rating) => buildFeedbackBody({ ...FEEDBACK, rating }, SENT_AT).split('\n')[3],
    );
    expect(ratings).toEqual([
      'Rating: 5/5 (Excellent)',
      'Rating: 4/5 (Very Good)',
      'Rating: 3/5 (Good)',
      'Rating: 2/5 (Fair)',
      'Rating: 1/5 (Poor)',
    ]);
  });
});

describe('buildFeedbackSubject', () => {
  it("prefixes the visitor's subject", () => {
    expect(buildFeedbackSubject('Great tool')).toBe('PNG to GIF Feedback: Great tool');
  });
});

describe('buildFeedbackMailto', () => {
  const url = buildFeedbackMailto('support@example.org', FEEDBACK, SENT_AT, 'en-US');

  it('addresses the support mailbox', () => {
    expect(url.startsWith('mailto:support@example.org?subject=')).toBe(true);
  });

  it('carries the prefixed subject and the body, percent-encoded, with CRLF line breaks', () => {
    const params = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect(params.get('subject')).toBe('PNG to GIF Feedback: Frame delay & loops?');
    expect(params.get('body')).toBe(buildFeedbackBody(FEEDBACK, SENT_AT, 'en-US').replace(/\n/g, '\r\n'));
    expect(url).not.toMatch(/[ &]loops/);
    expect(url).toContain('%0D%0A');
  });
});
