import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pngFile } from '@/test-utils/fake-runtime';
import { renderConverter } from '@/test-utils/render';
import { LockWhileConverting } from '../LockWhileConverting';
import { CropEditor } from './CropEditor';

function setup(files: File[] = [pngFile('photo.png', 1200, 800)], props = { batch: false }) {
  const result = renderConverter(
    <LockWhileConverting>
      <CropEditor {...props} />
    </LockWhileConverting>,
  );
  act(() => result.store.getState().chooseFiles(files));
  return { ...result, crop: () => result.store.getState().settings.crop };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('CropEditor', () => {
  it('shows the whole picture with labelled fields, the aspect choices and the output size', async () => {
    setup();
    expect(await screen.findByRole('group', { name: 'Crop box' })).toHaveAttribute('tabindex', '0');
    expect(field('Crop X')).toHaveValue('0 px');
    expect(field('Crop Y')).toHaveValue('0 px');
    expect(field('Crop width')).toHaveValue('1200 px');
    expect(field('Crop height')).toHaveValue('800 px');
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toHaveValue('Free');
    expect(screen.getByRole('button', { name: 'Reset crop' })).toBeDisabled();
    expect(screen.getByTestId('crop-output-size')).toHaveTextContent('Output size: 1200 × 800 px');
    expect(screen.getByText(/10 px with Ctrl or Alt held/)).toBeInTheDocument();
  });

  it('arrows move the box by 1 px, 10 px with Ctrl or Alt; Shift+arrows resize it', async () => {
    const { user, crop } = setup();
    const box = await screen.findByRole('group', { name: 'Crop box' });
    box.focus();
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(crop()).toEqual({ x: 0, y: 0, width: 1199, height: 800 });
    await user.keyboard('{Shift>}{Control>}{ArrowUp}{/Control}{/Shift}');
    expect(crop()).toEqual({ x: 0, y: 0, width: 1199, height: 790 });
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(crop()).toEqual({ x: 1, y: 1, width: 1199, height: 790 });
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    // The box stops at the bottom edge: 10 more than the room left is not taken.
    expect(crop()).toEqual({ x: 1, y: 10, width: 1199, height: 790 });
    expect(field('Crop Y')).toHaveValue('10 px');
    expect(screen.getByTestId('crop-output-size')).toHaveTextContent('Output size: 1199 × 790 px');
  });

  it('takes exact values from the fields, kept inside the picture', async () => {
    const { user, crop } = setup();
    await user.clear(await screen.findByRole('textbox', { name: 'Crop width' }));
    await user.type(field('Crop width'), '600');
    await user.clear(field('Crop X'));
    await user.type(field('Crop X'), '900');
    expect(crop()).toEqual({ x: 600, y: 0, width: 600, height: 800 });
  });

  it('an aspect choice reshapes the box, and Reset crop returns the whole picture', async () => {
    const { user, crop } = setup();
    await user.click(await screen.findByRole('combobox', { name: 'Aspect ratio' }));
    await user.click(screen.getByRole('option', { name: '1:1' }));
    expect(crop()).toEqual({ x: 200, y: 0, width: 800, height: 800 });
    await user.click(screen.getByRole('combobox', { name: 'Aspect ratio' }));
    await user.click(screen.getByRole('option', { name: '16:9' }));
    expect(crop()).toEqual({ x: 200, y: 175, width: 800, height: 450 });
    await user.click(screen.getByRole('button', { name: 'Reset crop' }));
    expect(crop()).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toHaveValue('Free');
  });

  it('another first picture starts from the whole of it, with a free box', async () => {
    const { user, crop, store } = setup();
    await user.click(await screen.findByRole('combobox', { name: 'Aspect ratio' }));
    await user.click(screen.getByRole('option', { name: '1:1' }));
    expect(crop()).toEqual({ x: 200, y: 0, width: 800, height: 800 });
    act(() => store.getState().chooseFiles([pngFile('other.png', 300, 500)]));
    await waitFor(() => expect(field('Crop height')).toHaveValue('500 px'));
    expect(crop()).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Aspect ratio' })).toHaveValue('Free');
    expect(screen.getByTestId('crop-output-size')).toHaveTextContent('Output size: 300 × 500 px');
  });

  it('rotates and flips, and the output size follows the turn', async () => {
    const { user, store } = setup();
    await user.click(await screen.findByRole('button', { name: 'Rotate right' }));
    expect(store.getState().settings.orientation).toEqual({ quarterTurns: 1, mirrored: false });
    expect(screen.getByTestId('crop-output-size')).toHaveTextContent('Output size: 800 × 1200 px');
    await user.click(screen.getByRole('button', { name: 'Rotate left' }));
    await user.click(screen.getByRole('button', { name: 'Rotate 180°' }));
    expect(store.getState().settings.orientation).toEqual({ quarterTurns: 2, mirrored: false });
    await user.click(screen.getByRole('button', { name: 'Rotate 180°' }));
    await user.click(screen.getByRole('button', { name: 'Flip horizontally' }));
    expect(store.getState().settings.orientation).toEqual({ quarterTurns: 0, mirrored: true });
    await user.click(screen.getByRole('button', { name: 'Flip vertically' }));
    expect(store.getState().settings.orientation).toEqual({ quarterTurns: 2, mirrored: false });
    expect(screen.getByTestId('crop-output-size')).toHaveTextContent('Output size: 1200 × 800 px');
  });

  it('after a quarter turn, an arrow moves the box the way it is shown', async () => {
    const { user, crop } = setup();
    await user.click(await screen.findByRole('button', { name: 'Rotate right' }));
    await user.clear(field('Crop height'));
    await user.type(field('Crop height'), '700');
    await user.clear(field('Crop Y'));
    await user.type(field('Crop Y'), '50');
    screen.getByRole('group', { name: 'Crop box' }).focus();
    // Turned clockwise, the picture's top is on the right: moving right on screen moves up in the picture.
    await user.keyboard('{ArrowRight}');
    expect(crop()).toEqual({ x: 0, y: 49, width: 1200, height: 700 });
  });

  it('a drag on a handle resizes the box in picture pixels, a drag inside it moves it', async () => {
    const { crop } = setup();
    const box = await screen.findByRole('group', { name: 'Crop box' });
    const frame = box.parentElement!;
    // Shown 600 px wide: one screen pixel is two picture pixels.
    frame.getBoundingClientRect = () => ({ width: 600, height: 400, x: 0, y: 0 }) as DOMRect;
    const corner = box.querySelector<HTMLElement>('[data-handle="se"]')!;
    fireEvent.pointerDown(corner, { pointerId: 1, clientX: 600, clientY: 400 });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 500, clientY: 350 });
    fireEvent.pointerUp(frame, { pointerId: 1, clientX: 500, clientY: 350 });
    expect(crop()).toEqual({ x: 0, y: 0, width: 1000, height: 700 });
    fireEvent.pointerDown(box, { pointerId: 2, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(frame, { pointerId: 2, clientX: 300, clientY: 300 });
    fireEvent.pointerUp(frame, { pointerId: 2 });
    expect(crop()).toEqual({ x: 200, y: 100, width: 1000, height: 700 });
    // After the pointer is up, a move does nothing.
    fireEvent.pointerMove(frame, { pointerId: 2, clientX: 0, clientY: 0 });
    expect(crop()).toEqual({ x: 200, y: 100, width: 1000, height: 700 });
  });

  it('locked during a conversion: inert, and neither a drag nor a key changes the crop', async () => {
    const { user, crop, store } = setup();
    const box = await screen.findByRole('group', { name: 'Crop box' });
    act(() => void store.getState().convert());
    const frame = box.parentElement!;
    frame.getBoundingClientRect = () => ({ width: 600, height: 400, x: 0, y: 0 }) as DOMRect;
    fireEvent.pointerDown(box.querySelector<HTMLElement>('[data-handle="se"]')!, {
      pointerId: 1,
      clientX: 600,
      clientY: 400,
    });
    fireEvent.pointerMove(frame, { pointerId: 1, clientX: 500, clientY: 350 });
    fireEvent.pointerUp(frame, { pointerId: 1, clientX: 500, clientY: 350 });
    box.focus();
    await user.keyboard('{ArrowRight}');
    expect(crop()).toBeNull();
    expect(box.closest('[inert]')).not.toBeNull();
  });

  it('in a batch, says the first file is shown and every file is cropped the same', async () => {
    setup([pngFile('a.png', 300, 200), pngFile('b.png', 500, 500)], { batch: true });
    await waitFor(() => expect(screen.getByText(/the first file: every file is cropped the same/)).toBeInTheDocument());
    expect(screen.getByText(/the picture is 300 × 200 px/)).toBeInTheDocument();
  });
});
