import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface Violation {
  rule: string;
  impact: string | null | undefined;
  targets: string[];
}

/**
 * axe's violations on the page, summarised so a failure names the rule and the elements, once no toast
 * is entering: a toast sliding in is half transparent, and axe would measure the contrast of a frame of
 * its entrance (a file choice shows one, and the settings now appear in the same frame as the list).
 * It waits for the page to have hydrated: until then the prerendered page is inert, hidden from axe.
 */
export async function axeViolations(page: Page, options: { include?: string } = {}): Promise<Violation[]> {
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          !(animation instanceof CSSAnimation && /(bounce|slide|zoom|flip)In/.test(animation.animationName)),
      ),
  );
  const builder = new AxeBuilder({ page });
  const { violations } = await (options.include ? builder.include(options.include) : builder).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** The serious and critical ones. */
export async function seriousViolations(page: Page, options: { include?: string } = {}): Promise<Violation[]> {
  return (await axeViolations(page, options)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
