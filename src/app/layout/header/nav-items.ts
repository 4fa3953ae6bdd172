import { PATHS } from '../../paths';

export interface NavItem {
  label: string;
  to: string;
}

/** The header's links (shared layout). */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'PNG to GIF', to: PATHS.home },
  { label: 'Feedback', to: PATHS.feedback },
];
