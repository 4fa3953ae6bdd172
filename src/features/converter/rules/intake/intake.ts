import { isPngFile } from './file-validation';

/**
 * Files that arrive by other ways than the file dialog: a dropped or chosen folder, a paste, the
 * operating system (launch queue, share sheet). Pure rules; the UI reads the files and shows the toasts.
 */

interface IntakeFile {
  name: string;
  type: string;
  /** Set by react-dropzone's file-selector: '/folder/a.png' for a file of a dropped folder, './a.png' otherwise. */
  path?: string;
  /** Set by a folder chosen in the file dialog: 'folder/a.png'. */
  webkitRelativePath?: string;
}

/** Whether a file came out of a folder (dropped, or chosen with the folder dialog). */
export function isFromFolder(file: IntakeFile): boolean {
  const path = file.webkitRelativePath || file.path || '';
  return path.replace(/^\.?\//, '').includes('/');
}

/** System files a folder carries that nobody means to convert: not worth a word. */
const IGNORED_NAMES = /^(\..*|thumbs\.db|desktop\.ini)$/i;

export interface FolderIntake<F> {
  /** Files given one by one, and the PNGs of folders: these go on to the usual screening. */
  files: F[];
  /** Non-PNG files of folders, reported together in one toast. */
  skipped: F[];
}

/** Takes the non-PNG files out of folders (the per-file 'Invalid file type' toast is for files given one by one). */
export function sortOutFolders<F extends IntakeFile>(files: readonly F[]): FolderIntake<F> {
  const intake: FolderIntake<F> = { files: [], skipped: [] };
  for (const file of files) {
    if (!isFromFolder(file) || isPngFile(file)) intake.files.push(file);
    else if (!IGNORED_NAMES.test(file.name)) intake.skipped.push(file);
  }
  return intake;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'pasted-2026-11-22-18-05-09.png', with '-2', '-3'… for further images of the same paste. */
export function pastedFileName(now: Date, index = 0): string {
  const stamp =
    `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-` +
    `${pad(now.getHours())}-${pad(now.getMinutes())}-${pad(now.getSeconds())}`;
  return `pasted-${stamp}${index > 0 ? `-${index + 1}` : ''}.png`;
}
