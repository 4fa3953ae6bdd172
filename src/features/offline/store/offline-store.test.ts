import { describe, expect, it, vi } from 'vitest';
import { createOfflineStore, isUpdatePromptVisible } from './offline-store';

function setup() {
  const reload = vi.fn();
  const activate = vi.fn(async () => {});
  const store = createOfflineStore(reload);
  return { store, reload, activate, state: () => store.getState() };
}

describe('offline store: updates', () => {
  it('offers a waiting version and activates it when the user accepts', async () => {
    const { state, activate } = setup();
    expect(isUpdatePromptVisible(state())).toBe(false);
    state().offerUpdate(activate);
    expect(isUpdatePromptVisible(state())).toBe(true);
    await state().acceptUpdate();
    expect(activate).toHaveBeenCalledOnce();
  });

  it('hides the prompt during a conversion and shows it again afterwards', () => {
    const { state, activate } = setup();
    state().offerUpdate(activate);
    state().setConversionBusy(true);
    expect(isUpdatePromptVisible(state())).toBe(false);
    state().setConversionBusy(false);
    expect(isUpdatePromptVisible(state())).toBe(true);
  });

  it('never activates the new version in the middle of a conversion', async () => {
    const { state, activate } = setup();
    state().offerUpdate(activate);
    state().setConversionBusy(true);
    await state().acceptUpdate();
    expect(activate).not.toHaveBeenCalled();
  });

  it('keeps a dismissed prompt closed until another version waits', () => {
    const { state, activate } = setup();
    state().offerUpdate(activate);
    state().dismissUpdate();
    expect(isUpdatePromptVisible(state())).toBe(false);
    state().offerUpdate(activate);
    expect(isUpdatePromptVisible(state())).toBe(true);
  });
});

describe('offline store: reloads', () => {
  it('reloads at once when the new version takes control while idle', () => {
    const { state, reload } = setup();
    state().reloadWhenIdle();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('waits for the running conversion to end before reloading', () => {
    const { state, reload } = setup();
    state().setConversionBusy(true);
    state().reloadWhenIdle();
    expect(reload).not.toHaveBeenCalled();
    state().setConversionBusy(true);
    expect(reload).not.toHaveBeenCalled();
    state().setConversionBusy(false);
    expect(reload).toHaveBeenCalledOnce();
    state().setConversionBusy(false);
    expect(reload).toHaveBeenCalledOnce();
  });
});
