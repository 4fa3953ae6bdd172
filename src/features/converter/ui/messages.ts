/** The converter's user-visible texts (toasts, refusals, errors), written once. */
export const MESSAGES = {
  invalidTypeTitle: 'Invalid file type',
  notPng: (name: string) => `${name} is not a PNG file.`,
  rejectedTitle: 'Some files were rejected',
  filesUploaded: (count: number) => `Files uploaded: ${count} PNG file(s) ready for conversion.`,
  noFilesTitle: 'No files selected',
  loadImageTitle: 'Failed to load image',
  filesNotAddedTitle: 'The files could not be added',
  noImageToPasteTitle: 'No image to paste',
  noImageToPaste: 'The clipboard holds no image. Copy a PNG image or take a screenshot, then paste again.',
  folderSkippedTitle: 'Some files were skipped',
  folderSkipped: (names: readonly string[]) =>
    `${names.length} file${names.length === 1 ? ' is' : 's are'} not PNG and ${names.length === 1 ? 'was' : 'were'} skipped: ${names.join(', ')}`,
  noFilesMessage: 'Please upload at least one PNG file to convert.',
  conversionSuccessful: 'Conversion successful!',
  conversionFailedToast: 'Conversion failed',
  conversionFailedCard: 'Conversion Failed',
  resultReady: 'Your GIF is ready for download!',
  batchReady: (count: number) =>
    count === 1 ? 'Your GIF is ready for download!' : 'Your GIFs are ready for download!',
  batchConverted: (count: number) => `${count} GIF${count === 1 ? '' : 's'} ready.`,
  batchFailed: (failed: number, total: number) => `${failed} of ${total} files could not be converted.`,
  downloadStarted: 'Download started',
  shareFailedTitle: 'Could not share the GIF',
  zipFailedTitle: 'The zip of all GIFs could not be made',
  zipFailedHint: 'Each GIF can still be downloaded on its own below.',
  readBackHidden: (files: number) =>
    `Your browser's privacy protection hides canvas pixels, so the converter decoded the ${files === 1 ? 'PNG' : 'PNGs'} itself.`,
  fitMissedTitle: (budget: string) => `Could not fit under ${budget}`,
  fitMissed: (bytes: string) =>
    `The smallest GIF these files make is ${bytes}; it is ready below as the closest result.`,
  linkCopied: 'Link copied!',
  copyFailed: 'Failed to copy: Please copy the URL manually.',
} as const;
