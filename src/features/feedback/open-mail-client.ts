/** Hands a mailto: URL to the browser, which opens the visitor's email client; the page itself stays. */
export function openMailClient(mailtoUrl: string): void {
  window.location.href = mailtoUrl;
}
