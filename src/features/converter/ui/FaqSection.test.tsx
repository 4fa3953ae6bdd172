import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConverter } from '@/test-utils/render';
import { FaqSection } from './FaqSection';

describe('FaqSection', () => {
  it('asks 10 questions, all closed at first', () => {
    renderConverter(<FaqSection />);
    const questions = screen.getAllByRole('button', { expanded: false });
    expect(questions).toHaveLength(10);
  });

  it('keeps one answer open at a time and closes it on a second click', async () => {
    const { user } = renderConverter(<FaqSection />);
    const quality = screen.getByRole('button', { name: 'Which quality setting should I use?' });
    const free = screen.getByRole('button', { name: 'Is this PNG to GIF converter really free?' });

    await user.click(quality);
    expect(quality).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(screen.getByText(/70 to 80 percent quality is a good balance/)).toBeVisible());

    await user.click(free);
    expect(free).toHaveAttribute('aria-expanded', 'true');
    expect(quality).toHaveAttribute('aria-expanded', 'false');

    await user.click(free);
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('explains what Automatic dithering does', async () => {
    const { user } = renderConverter(<FaqSection />);
    await user.click(screen.getByRole('button', { name: 'What does the Dithering option change?' }));
    await waitFor(() => expect(screen.getByText(/Automatic looks at the picture/)).toBeVisible());
    expect(screen.getByText(/256 colours or fewer exact, without dithering/)).toBeVisible();
  });
});
