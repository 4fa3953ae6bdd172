import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { Converter } from './Converter';

// A deferred render that never gets its turn: on a busy machine each of a conversion's progress updates
// restarts it, so until the result it keeps its first value.
vi.mock('react', async (importOriginal) => ({
  ...(await importOriginal<typeof import('react')>()),
  useDeferredValue: <T,>(_value: T, initial?: T) => initial ?? (false as T),
}));
// The browser-only values (the upload area's input among them) are not what this starves.
vi.mock('@/shared/hooks/use-browser-value', () => ({
  useBrowserValue: <T,>(read: () => T) => read(),
}));

describe('Converter, when its deferred renders are starved', () => {
  it('shows the settings as the conversion starts, so they never land above a result', async () => {
    const { user, container, runtime } = renderConverter(<Converter />);
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, [pngFile('one.png')]);
    await screen.findByText('Selected files (1)');
    expect(screen.queryByRole('heading', { name: 'Conversion settings' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Convert/ }));
    await act(async () => runtime.finish({ frameCount: 1, width: 160, height: 120, fileName: 'one.gif' }));
    const result = await screen.findByText('Your GIF is ready for download!');
    const settings = screen.getByRole('heading', { name: 'Conversion settings' });
    expect(settings).toBeVisible();
    expect(settings.compareDocumentPosition(result) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
