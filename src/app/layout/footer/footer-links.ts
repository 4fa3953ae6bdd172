import { PATHS } from '../../paths';

/** The footer's Quick Links column (shared layout). */
export const QUICK_LINKS = [
  { label: 'Terms of Service', to: PATHS.terms },
  { label: 'Privacy Policy', to: PATHS.privacy },
  { label: 'Cookie Policy', to: PATHS.cookies },
  { label: 'Feedback', to: PATHS.feedback },
] as const;
