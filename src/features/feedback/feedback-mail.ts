import { PRODUCT_NAME } from '@/shared/lib/product';
import { RATING_OPTIONS, type Feedback } from './feedback-schema';

const NOT_PROVIDED = 'Not provided';
export const MAIL_SUBJECT_PREFIX = 'PNG to GIF Feedback: ';

function describeRating(rating: string): string {
  if (!rating) return NOT_PROVIDED;
  const option = RATING_OPTIONS.find((choice) => choice.value === rating);
  return option ? `${option.value}/5 (${option.label.split(' - ')[1]})` : rating;
}

/** The mail's plain-text body; `locale` only pins the date format in tests. */
export function buildFeedbackBody(feedback: Feedback, sentAt: Date, locale?: string): string {
  return [
    `Name: ${feedback.name}`,
    `Email: ${feedback.email || NOT_PROVIDED}`,
    `Subject: ${feedback.subject}`,
    `Rating: ${describeRating(feedback.rating)}`,
    '',
    'Message:',
    feedback.message,
    '',
    '---',
    `Sent from the ${PRODUCT_NAME} feedback form`,
    `Date: ${sentAt.toLocaleString(locale)}`,
  ].join('\n');
}

export function buildFeedbackSubject(subject: string): string {
  return MAIL_SUBJECT_PREFIX + subject;
}

/** A mailto: URL with every part percent-encoded; line breaks become CRLF as RFC 6068 asks. */
export function buildFeedbackMailto(address: string, feedback: Feedback, sentAt: Date, locale?: string): string {
  const subject = encodeURIComponent(buildFeedbackSubject(feedback.subject));
  const body = encodeURIComponent(buildFeedbackBody(feedback, sentAt, locale).replace(/\n/g, '\r\n'));
  return `mailto:${address}?subject=${subject}&body=${body}`;
}
