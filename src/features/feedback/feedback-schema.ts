import * as v from 'valibot';

/** The feedback form's rules and messages, word for word as the form shows them. */
export const FEEDBACK_MESSAGES = {
  nameMin: 'Name must be at least 2 characters',
  nameMax: 'Name must be less than 50 characters',
  email: 'Please enter a valid email address',
  subjectMin: 'Subject must be at least 5 characters',
  subjectMax: 'Subject must be less than 100 characters',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must be less than 1000 characters',
} as const;

export const FEEDBACK_LIMITS = {
  name: { min: 2, max: 50 },
  subject: { min: 5, max: 100 },
  message: { min: 10, max: 1000 },
} as const;

const { name, subject, message } = FEEDBACK_LIMITS;

// Surrounding spaces are trimmed before the length checks, so a name of blanks is not a name.
export const feedbackSchema = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(name.min, FEEDBACK_MESSAGES.nameMin),
    v.maxLength(name.max, FEEDBACK_MESSAGES.nameMax),
  ),
  email: v.union(
    [v.literal(''), v.pipe(v.string(), v.trim(), v.email(FEEDBACK_MESSAGES.email))],
    FEEDBACK_MESSAGES.email,
  ),
  rating: v.optional(v.string(), ''),
  subject: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(subject.min, FEEDBACK_MESSAGES.subjectMin),
    v.maxLength(subject.max, FEEDBACK_MESSAGES.subjectMax),
  ),
  message: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(message.min, FEEDBACK_MESSAGES.messageMin),
    v.maxLength(message.max, FEEDBACK_MESSAGES.messageMax),
  ),
});

/** What the form holds while the visitor types. */
export type FeedbackInput = v.InferInput<typeof feedbackSchema>;
/** What a valid submission carries (trimmed). */
export type Feedback = v.InferOutput<typeof feedbackSchema>;

export const EMPTY_FEEDBACK: Required<FeedbackInput> = { name: '', email: '', rating: '', subject: '', message: '' };

/** The rating choices; an empty rating means 'not given'. */
export const RATING_OPTIONS = [
  { value: '5', label: '5 - Excellent' },
  { value: '4', label: '4 - Very Good' },
  { value: '3', label: '3 - Good' },
  { value: '2', label: '2 - Fair' },
  { value: '1', label: '1 - Poor' },
] as const;
