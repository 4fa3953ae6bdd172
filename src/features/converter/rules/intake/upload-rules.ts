/**
 * Screening of chosen or dropped files: PNG only, at most 10 files, 50 MB each.
 * The reasons are the product's words (ui/messages.ts), not react-dropzone's defaults.
 */
import { isPngFile } from './file-validation';
import { LIMITS } from '../settings';

export const REJECTION_REASONS = {
  type: 'File type must be image/png (.png)',
  size: `File is larger than ${LIMITS.maxFileBytes} bytes`,
  count: 'Too many files',
} as const;

export interface UploadRejection<F> {
  file: F;
  reasons: string[];
}

export interface UploadScreening<F> {
  /** The files to convert, in the order they were chosen. */
  accepted: F[];
  /** Files refused only because they are not PNGs ('Invalid file type' toast each). */
  notPng: F[];
  /** Files refused for their size, the file count, or several reasons ('Some files were rejected' toast). */
  rejected: UploadRejection<F>[];
}

interface CandidateFile {
  name: string;
  type: string;
  size: number;
}

/**
 * Choosing more than 10 files refuses the whole choice, as the file count is a property of the choice.
 * Files added to a selection (a paste) count the `alreadySelected` ones too.
 */
export function screenUpload<F extends CandidateFile>(files: readonly F[], alreadySelected = 0): UploadScreening<F> {
  const tooMany = files.length + alreadySelected > LIMITS.maxFiles;
  const screening: UploadScreening<F> = { accepted: [], notPng: [], rejected: [] };
  for (const file of files) {
    const reasons: string[] = [];
    if (!isPngFile(file)) reasons.push(REJECTION_REASONS.type);
    if (file.size > LIMITS.maxFileBytes) reasons.push(REJECTION_REASONS.size);
    if (tooMany) reasons.push(REJECTION_REASONS.count);

    if (reasons.length === 0) screening.accepted.push(file);
    else if (reasons.length === 1 && reasons[0] === REJECTION_REASONS.type) screening.notPng.push(file);
    else screening.rejected.push({ file, reasons });
  }
  return screening;
}
