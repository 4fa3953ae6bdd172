// The feedback feature's public surface: the panel the feedback page shows.
export { FeedbackPanel } from './ui/FeedbackPanel';
