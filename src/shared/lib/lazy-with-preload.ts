import { createElement, lazy, type ComponentType } from 'react';

export interface PreloadableComponent<P extends object> {
  Component: ComponentType<P>;
  /** Fetches and evaluates the module; once it is in, the component renders without suspending. */
  preload(): Promise<void>;
}

/**
 * React.lazy with a preload. A plain lazy component suspends on its first render even when its module
 * is already loaded, and React holds a revealed Suspense boundary back for up to 300 ms: a preloaded
 * component is rendered directly instead, so it appears in the same frame as the state that shows it.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const loadOnce = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // a failed fetch (e.g. offline before the precache) may be retried later
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => loadOnce().then((component) => ({ default: component })));
  function Component(props: P) {
    return createElement(loaded ?? Lazy, props);
  }
  return { Component, preload: () => loadOnce().then(() => {}) };
}
