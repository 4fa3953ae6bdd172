import type { Locator, Page } from '@playwright/test';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Resolves once no toast is sliding in or out: a box measured mid-entrance is not where the toast stays. */
export async function toastsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          !(
            animation instanceof CSSAnimation &&
            animation.playState === 'running' &&
            /(bounce|slide|zoom|flip)(In|Out)/.test(animation.animationName)
          ),
      ),
  );
}

/** The boxes of every toast on screen. */
export async function toastBoxes(page: Page): Promise<Box[]> {
  await toastsSettled(page);
  const toasts = page.locator('.Toastify__toast');
  const boxes: Box[] = [];
  for (const toast of await toasts.all()) {
    const box = await toast.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

/** WCAG's relative luminance of an opaque `rgb(…)` colour. */
function luminance(colour: string): number {
  const parts = /rgba?\(([^)]+)\)/
    .exec(colour)?.[1]
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3) throw new Error(`not an rgb colour: ${colour}`);
  if (parts.length > 3 && parts[3]! < 1) throw new Error(`not opaque: ${colour}`);
  const [r, g, b] = parts.slice(0, 3).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** A computed colour property of an element (or of one of its pseudo-elements). */
export function computedColour(element: Locator, property: string, pseudo?: string): Promise<string> {
  return element.evaluate(
    (node, [property, pseudo]) => getComputedStyle(node, pseudo ?? null).getPropertyValue(property!),
    [property, pseudo] as const,
  );
}
