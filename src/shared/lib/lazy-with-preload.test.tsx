import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyWithPreload', () => {
  it('renders a preloaded component in the first commit, without the Suspense fallback', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const { Component, preload } = lazyWithPreload(load);
    await preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="you" />
      </Suspense>,
    );
    expect(screen.getByText('Hello you')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends until loaded when not preloaded, and loads the module once', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const { Component, preload } = lazyWithPreload(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="later" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello later')).toBeInTheDocument();
    await act(preload);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Hello);
    const { preload } = lazyWithPreload(load);
    await expect(preload()).rejects.toThrow('offline');
    await expect(preload()).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
