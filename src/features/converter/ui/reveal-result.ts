/** A vertical stretch of the viewport, in CSS pixels from its top. */
export interface Band {
  top: number;
  bottom: number;
}

/** Where the keyboard focus was when the result arrived. */
export type FocusAtResult = 'nowhere' | 'convert' | 'elsewhere';

/**
 * What the page does when a GIF is ready. It scrolls only when the result's action (Download) is not
 * wholly in the part of the viewport the sticky header leaves free (on a phone it was below the fold). It
 * takes the focus to the result only from where Convert left it (the button, or nowhere once the disabled
 * button lost it): a person who moved on elsewhere keeps their place.
 */
export function revealResult(action: Band, visible: Band, focus: FocusAtResult): { scroll: boolean; focus: boolean } {
  return {
    scroll: action.top < visible.top || action.bottom > visible.bottom,
    focus: focus !== 'elsewhere',
  };
}
