import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test-utils/render';
import { openMailClient } from '../open-mail-client';
import { FeedbackPanel } from './FeedbackPanel';

// The browser boundary: jsdom cannot open a mail client, so the hand-over is recorded instead.
vi.mock('../open-mail-client', () => ({ openMailClient: vi.fn() }));
const openMail = vi.mocked(openMailClient);

beforeEach(() => {
  openMail.mockReset();
});

function renderPanel() {
  return render(<FeedbackPanel />).user;
}

async function fillValidForm(user: ReturnType<typeof renderPanel>) {
  const fill = async (name: RegExp, text: string) => {
    await user.click(screen.getByRole('textbox', { name }));
    await user.paste(text);
  };
  await fill(/Name/, 'Ada Lovelace');
  await fill(/Subject/, 'Lovely tool');
  await fill(/Message/, 'The GIFs come out great.');
}

// Rendering Mantine in jsdom is slow on a busy machine; these tests wait for no timer.
describe('FeedbackPanel', { timeout: 20_000 }, () => {
  it('hands a mailto URL to the mail client, toasts and shows the thank-you screen', async () => {
    const user = renderPanel();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));

    expect(openMail).toHaveBeenCalledTimes(1);
    const url = openMail.mock.calls[0]![0];
    expect(url).toMatch(/^mailto:support@pngtogif\.app\?subject=PNG%20to%20GIF%20Feedback%3A%20Lovely%20tool&body=/);
    expect(await screen.findByText('Feedback prepared!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Thank You!' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send More Feedback' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('');
  });

  it('stays on the form with the error toast when the mail client cannot be opened', async () => {
    openMail.mockImplementation(() => {
      throw new Error('blocked');
    });
    const user = renderPanel();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));

    expect(
      await screen.findByText('There was an issue preparing your feedback. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Thank You!' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Ada Lovelace');
  });

  it('does not open the mail client while a field is invalid', async () => {
    const user = renderPanel();
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));
    expect(screen.getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(openMail).not.toHaveBeenCalled();
  });
});
