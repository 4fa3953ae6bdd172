import { List } from '@mantine/core';
import type { UploadScreening } from '../rules/intake/upload-rules';
import { MESSAGES } from './messages';
import { notify } from '@/shared/ui/notify';

/** Tells the user what became of the files just chosen or dropped. */
export function announceUpload(screening: UploadScreening<File>): void {
  for (const file of screening.notPng) notify('error', MESSAGES.invalidTypeTitle, MESSAGES.notPng(file.name));
  if (screening.rejected.length > 0) {
    notify(
      'error',
      MESSAGES.rejectedTitle,
      <List size="sm" spacing={2}>
        {screening.rejected.map(({ file, reasons }, index) => (
          <List.Item key={index}>
            {file.name}: {reasons.join(', ')}
          </List.Item>
        ))}
      </List>,
    );
  }
  if (screening.accepted.length > 0) notify('success', MESSAGES.filesUploaded(screening.accepted.length));
}
