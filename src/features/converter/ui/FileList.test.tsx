import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { FileList } from './FileList';
import { LockWhileConverting } from './LockWhileConverting';

function setup(files: File[]) {
  const result = renderConverter(
    <LockWhileConverting>
      <FileList />
    </LockWhileConverting>,
  );
  act(() => result.store.getState().chooseFiles(files));
  const names = () => result.store.getState().files.map((f) => f.file.name);
  return { ...result, names };
}

describe('FileList as a frame strip', () => {
  it('moves frames with labelled buttons, reverses and sorts them by name', async () => {
    const { user, names } = setup([pngFile('f1.png'), pngFile('f2.png'), pngFile('f10.png')]);
    expect(names()).toEqual(['f1.png', 'f2.png', 'f10.png']);
    expect(screen.getByRole('button', { name: 'Move frame 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move frame 3 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move frame 3 up' }));
    expect(names()).toEqual(['f1.png', 'f10.png', 'f2.png']);
    await user.click(screen.getByRole('button', { name: 'Move frame 1 down' }));
    expect(names()).toEqual(['f10.png', 'f1.png', 'f2.png']);
    await user.click(screen.getByRole('button', { name: 'Reverse' }));
    expect(names()).toEqual(['f2.png', 'f1.png', 'f10.png']);
    await user.click(screen.getByRole('button', { name: 'Sort by name' }));
    expect(names()).toEqual(['f1.png', 'f2.png', 'f10.png']);
    const rows = screen.getAllByTestId('file-row');
    expect(within(rows[1]!).getByText('f2.png')).toBeInTheDocument();
  });

  it('lets each frame override the global delay, showing the effective 10 ms value and warning under 20 ms', async () => {
    const { user, store } = setup([pngFile('a.png'), pngFile('b.png')]);
    const first = screen.getByRole('textbox', { name: 'Delay of frame 1 in milliseconds' });
    const rows = () => screen.getAllByTestId('file-row');
    expect(within(rows()[0]!).getByTestId('effective-delay')).toHaveTextContent('In the GIF: 500 ms');

    await user.type(first, '123');
    expect(store.getState().files[0]!.delayMs).toBe(123);
    expect(within(rows()[0]!).getByTestId('effective-delay')).toHaveTextContent('In the GIF: 120 ms');
    expect(within(rows()[1]!).getByTestId('effective-delay')).toHaveTextContent('In the GIF: 500 ms');

    await user.clear(first);
    expect(store.getState().files[0]!.delayMs).toBeNull();

    const second = screen.getByRole('textbox', { name: 'Delay of frame 2 in milliseconds' });
    await user.type(second, '10');
    expect(within(rows()[1]!).getByTestId('effective-delay')).toHaveTextContent(
      'In the GIF: 10 ms · under 20 ms, browsers slow it down',
    );
  });

  it('shows no delays in static mode, where each file is its own GIF', async () => {
    const { user, store } = setup([pngFile('a.png'), pngFile('b.png')]);
    act(() => store.getState().setMode('static'));
    expect(screen.queryByRole('textbox', { name: /^Delay of frame/ })).not.toBeInTheDocument();
    expect(screen.getByText(/one GIF per file, in this order/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Move frame 2 up' }));
    expect(store.getState().settings.mode).toBe('static');
  });

  it('locks the order and the delays while converting, and unlocks them once the job is over', async () => {
    const { user, store, runtime, names } = setup([pngFile('a.png'), pngFile('b.png')]);
    const list = screen.getByRole('region', { name: /^Selected files/ });
    act(() => void store.getState().convert());
    expect(list.closest('[inert]')).not.toBeNull();
    // A click that reaches a control anyway changes nothing: the store refuses while converting.
    await user.click(screen.getByRole('button', { name: 'Move frame 2 up' }));
    expect(names()).toEqual(['a.png', 'b.png']);
    await act(async () => runtime.finish());
    expect(store.getState().machine.status).toBe('done');
    await waitFor(() => expect(list.closest('[inert]')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Move frame 2 up' }));
    expect(names()).toEqual(['b.png', 'a.png']);
  });
});
