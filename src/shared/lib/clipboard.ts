/** Writes text to the clipboard; rejects when the browser refuses or has no clipboard (insecure context). */
export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}
