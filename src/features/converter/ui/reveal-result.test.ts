import { describe, expect, it } from 'vitest';
import { revealResult } from './reveal-result';

const visible = { top: 64, bottom: 740 };

describe('revealResult', () => {
  it('scrolls when the action is below the fold, above it, or under the sticky header', () => {
    expect(revealResult({ top: 900, bottom: 942 }, visible, 'convert').scroll).toBe(true);
    expect(revealResult({ top: 720, bottom: 762 }, visible, 'convert').scroll).toBe(true);
    expect(revealResult({ top: -200, bottom: -158 }, visible, 'convert').scroll).toBe(true);
    expect(revealResult({ top: 40, bottom: 82 }, visible, 'convert').scroll).toBe(true);
  });
  it('leaves the page where it is when the action is in view', () => {
    expect(revealResult({ top: 400, bottom: 442 }, visible, 'convert').scroll).toBe(false);
    expect(revealResult({ top: 64, bottom: 740 }, visible, 'nowhere').scroll).toBe(false);
  });
  it('takes the focus only from Convert or from nowhere', () => {
    expect(revealResult({ top: 400, bottom: 442 }, visible, 'convert').focus).toBe(true);
    expect(revealResult({ top: 400, bottom: 442 }, visible, 'nowhere').focus).toBe(true);
    expect(revealResult({ top: 900, bottom: 942 }, visible, 'elsewhere')).toEqual({ scroll: true, focus: false });
  });
});
