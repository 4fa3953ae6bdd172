import { Link } from 'react-router-dom';
import { PATHS } from '@/shared/lib/paths';

/** The legal pages' contact point: the feedback page. */
export function FeedbackPageLink({ children = 'feedback page' }: { children?: string }) {
  return <Link to={PATHS.feedback}>{children}</Link>;
}
