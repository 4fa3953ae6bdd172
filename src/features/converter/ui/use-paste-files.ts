import { useEffect } from 'react';
import { isPngFile } from '../rules/intake/file-validation';
import { pastedFileName } from '../rules/intake/intake';
import { MESSAGES } from './messages';
import { notify } from '@/shared/ui/notify';
import type { useAddFiles } from './use-add-files';

/** Typing or pasting into a field is not a paste of images. */
function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)
  );
}

/** The clipboard's files; a screenshot's generic name ('image.png') becomes 'pasted-<time>.png'. */
function clipboardFiles(data: DataTransfer, now: Date): File[] {
  const files = [...data.items].flatMap((item) => (item.kind === 'file' ? [item.getAsFile()] : []));
  const found = (files.length > 0 ? files : [...data.files]).filter((file): file is File => file !== null);
  return found.map((file, index) =>
    isPngFile(file) ? new File([file], pastedFileName(now, index), { type: 'image/png' }) : file,
  );
}

/**
 * Ctrl/Cmd+V anywhere on the page adds the clipboard's images to the selection, through the same
 * screening and toasts as a drop. A paste without an image says so, unless it went into a text field.
 */
export function usePasteFiles(addFiles: ReturnType<typeof useAddFiles>): void {
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const data = event.clipboardData;
      const files = data ? clipboardFiles(data, new Date()) : [];
      if (files.length === 0) {
        if (!isEditable(event.target)) notify('info', MESSAGES.noImageToPasteTitle, MESSAGES.noImageToPaste);
        return;
      }
      event.preventDefault();
      void addFiles(files, 'append');
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [addFiles]);
}
