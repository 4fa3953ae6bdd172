import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EMPTY_FEEDBACK, FEEDBACK_MESSAGES, feedbackSchema, type FeedbackInput } from './feedback-schema';

const VALID: FeedbackInput = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  rating: '5',
  subject: 'Lovely tool',
  message: 'The animated GIFs come out great.',
};

/** The messages of every failing field, keyed by field name. */
function errorsOf(input: Partial<FeedbackInput>): Record<string, string[]> {
  const result = v.safeParse(feedbackSchema, { ...VALID, ...input });
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const key = v.getDotPath(issue) ?? '';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

describe('feedbackSchema', () => {
  it('accepts a complete submission and trims it', () => {
    const result = v.safeParse(feedbackSchema, { ...VALID, name: '  Ada  ', subject: ' Lovely tool ' });
    expect(result.success).toBe(true);
    expect(result.output).toMatchObject({ name: 'Ada', subject: 'Lovely tool' });
  });

  it('accepts an empty email and an empty or missing rating', () => {
    expect(errorsOf({ email: '', rating: '' })).toEqual({});
    const { rating: _rating, ...withoutRating } = VALID;
    expect(v.parse(feedbackSchema, withoutRating).rating).toBe('');
  });

  it('accepts any rating text (the select offers 1 to 5)', () => {
    expect(errorsOf({ rating: '3' })).toEqual({});
    expect(errorsOf({ rating: 'whatever' })).toEqual({});
  });

  it('wants a name of 2 to 50 characters', () => {
    expect(errorsOf({ name: 'A' })).toEqual({ name: [FEEDBACK_MESSAGES.nameMin] });
    expect(errorsOf({ name: ' A ' })).toEqual({ name: [FEEDBACK_MESSAGES.nameMin] });
    expect(errorsOf({ name: 'Al' })).toEqual({});
    expect(errorsOf({ name: 'x'.repeat(50) })).toEqual({});
    expect(errorsOf({ name: 'x'.repeat(51) })).toEqual({ name: [FEEDBACK_MESSAGES.nameMax] });
  });

  it('wants a valid email address or none', () => {
    for (const email of ['ada', 'ada@', 'ada@example', '@example.com', 'ada @example.com']) {
      expect(errorsOf({ email }), email).toEqual({ email: [FEEDBACK_MESSAGES.email] });
    }
    expect(errorsOf({ email: 'ada.lovelace+gif@example.co.uk' })).toEqual({});
  });

  it('wants a subject of 5 to 100 characters', () => {
    expect(errorsOf({ subject: 'Hey!' })).toEqual({ subject: [FEEDBACK_MESSAGES.subjectMin] });
    expect(errorsOf({ subject: 'Hello' })).toEqual({});
    expect(errorsOf({ subject: 's'.repeat(100) })).toEqual({});
    expect(errorsOf({ subject: 's'.repeat(101) })).toEqual({ subject: [FEEDBACK_MESSAGES.subjectMax] });
  });

  it('wants a message of 10 to 1000 characters', () => {
    expect(errorsOf({ message: 'Too short' })).toEqual({ message: [FEEDBACK_MESSAGES.messageMin] });
    expect(errorsOf({ message: 'Just right' })).toEqual({});
    expect(errorsOf({ message: 'm'.repeat(1000) })).toEqual({});
    expect(errorsOf({ message: 'm'.repeat(1001) })).toEqual({ message: [FEEDBACK_MESSAGES.messageMax] });
  });

  it('reports every bad field of an empty form at once, with their messages', () => {
    expect(errorsOf({ ...EMPTY_FEEDBACK, email: 'nope' })).toEqual({
      name: [FEEDBACK_MESSAGES.nameMin],
      email: [FEEDBACK_MESSAGES.email],
      subject: [FEEDBACK_MESSAGES.subjectMin],
      message: [FEEDBACK_MESSAGES.messageMin],
    });
  });

  it('spells every message exactly', () => {
    expect(FEEDBACK_MESSAGES).toEqual({
      nameMin: 'Name must be at least 2 characters',
      nameMax: 'Name must be less than 50 characters',
      email: 'Please enter a valid email address',
      subjectMin: 'Subject must be at least 5 characters',
      subjectMax: 'Subject must be less than 100 characters',
      messageMin: 'Message must be at least 10 characters',
      messageMax: 'Message must be less than 1000 characters',
    });
  });
});
