import { expect, test, type Page } from '@playwright/test';

const field = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: false }).first();

async function fillValidFeedback(page: Page) {
  await field(page, 'Name').fill('Ada Lovelace');
  await field(page, 'Email').fill('ada@example.com');
  await page.getByRole('combobox', { name: 'Rating (optional)' }).click();
  await page.getByRole('option', { name: '4 - Very Good' }).click();
  await field(page, 'Subject').fill('Frame delay & loops?');
  await field(page, 'Message').fill('Could the frame delay go below 50 ms?\nThanks for the tool!');
}

test('valid feedback opens the mail client with the message, then thanks the visitor', async ({ page }) => {
  await page.goto('/feedback');
  await fillValidFeedback(page);

  // The browser hands mailto: URLs to the mail client; Playwright sees that hand-over as a request.
  const [mailRequest] = await Promise.all([
    page.waitForRequest((request) => request.url().startsWith('mailto:')),
    page.getByRole('button', { name: 'Send Feedback' }).click(),
  ]);
  const mailto = mailRequest.url();
  expect(mailto).toMatch(/^mailto:support@pngtogif\.app\?subject=/);
  const params = new URLSearchParams(mailto.slice(mailto.indexOf('?') + 1));
  expect(params.get('subject')).toBe('PNG to GIF Feedback: Frame delay & loops?');
  const body = params.get('body') ?? '';
  expect(body).toContain('Name: Ada Lovelace\r\n');
  expect(body).toContain('Email: ada@example.com\r\n');
  expect(body).toContain('Subject: Frame delay & loops?\r\n');
  expect(body).toContain('Rating: 4/5 (Very Good)\r\n');
  expect(body).toContain('Message:\r\nCould the frame delay go below 50 ms?\r\nThanks for the tool!\r\n');
  expect(body).toContain('Sent from the PNG to GIF Converter feedback form\r\nDate: ');

  const toast = page.locator('.Toastify__toast');
  await expect(toast).toContainText('Feedback prepared!');
  await expect(toast).toContainText('Your email client should open with the feedback ready to send.');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Thank You!' })).toBeFocused();
  await expect(main).toContainText('Please send the email');

  await main.getByRole('button', { name: 'Send More Feedback' }).click();
  await expect(field(page, 'Name')).toBeFocused();
  await expect(field(page, 'Name')).toHaveValue('');
  await expect(field(page, 'Subject')).toHaveValue('');
  await expect(field(page, 'Message')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Rating (optional)' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send Feedback' })).toBeEnabled();
});

test("an email and a rating left out are written 'Not provided'", async ({ page }) => {
  await page.goto('/feedback');
  await field(page, 'Name').fill('Al');
  await field(page, 'Subject').fill('Hello');
  await field(page, 'Message').fill('Ten chars!');
  const [mailRequest] = await Promise.all([
    page.waitForRequest((request) => request.url().startsWith('mailto:')),
    page.getByRole('button', { name: 'Send Feedback' }).click(),
  ]);
  const body = new URL(mailRequest.url()).searchParams.get('body') ?? '';
  expect(body).toContain('Email: Not provided\r\n');
  expect(body).toContain('Rating: Not provided\r\n');
});

test('each bad field shows its message under it, marked invalid, and nothing is sent', async ({ page }) => {
  const mailtoRequests: string[] = [];
  page.on('request', (request) => request.url().startsWith('mailto:') && mailtoRequests.push(request.url()));
  await page.goto('/feedback');
  const send = page.getByRole('button', { name: 'Send Feedback' });

  // Nothing is validated before the first submit.
  await field(page, 'Name').fill('A');
  await expect(field(page, 'Name')).not.toHaveAttribute('aria-invalid', 'true');

  await field(page, 'Email').fill('not-an-email');
  await send.click();
  const expectError = async (label: string, message: string) => {
    const input = field(page, label);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(message);
  };
  await expectError('Name', 'Name must be at least 2 characters');
  await expectError('Email', 'Please enter a valid email address');
  await expectError('Subject', 'Subject must be at least 5 characters');
  await expectError('Message', 'Message must be at least 10 characters');
  await expect(page.getByRole('main')).toContainText('Name must be at least 2 characters');

  // After a submit, each change re-validates the field.
  await field(page, 'Name').fill('x'.repeat(51));
  await expectError('Name', 'Name must be less than 50 characters');
  await field(page, 'Subject').fill('s'.repeat(101));
  await expectError('Subject', 'Subject must be less than 100 characters');
  await field(page, 'Message').fill('m'.repeat(1001));
  await expectError('Message', 'Message must be less than 1000 characters');

  await field(page, 'Name').fill('Ada');
  await expect(field(page, 'Name')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Name must be less than 50 characters')).toHaveCount(0);
  await field(page, 'Email').fill('');
  await expect(field(page, 'Email')).not.toHaveAttribute('aria-invalid', 'true');

  await send.click();
  await expectError('Subject', 'Subject must be less than 100 characters');
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toHaveCount(0);
  expect(mailtoRequests).toEqual([]);
});

test.describe('in the dark scheme', () => {
  test.use({ colorScheme: 'dark' });

  test('the toast follows the colour scheme', async ({ page }) => {
    await page.goto('/feedback');
    await fillValidFeedback(page);
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect(page.locator('.Toastify__toast')).toHaveClass(/Toastify__toast-theme--dark/);
  });
});
