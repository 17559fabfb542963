import { describe, expect, it } from 'vitest';
import { createTokenStore } from './token-store.js';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('createTokenStore', () => {
  it('writes the token only when asked to remember it', () => {
    const storage = memoryStorage();
    const store = createTokenStore(storage);
    store.save('secret', false);
    expect(storage.values.size).toBe(0);
    store.save('secret', true);
    expect(store.load()).toBe('secret');
  });

  it('forgets the token when remember is unticked', () => {
    const storage = memoryStorage();
    const store = createTokenStore(storage);
    store.save('secret', true);
    store.save('secret', false);
    expect(store.load()).toBeUndefined();
  });

  it('survives storage that throws', () => {
    const failing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createTokenStore(failing);
    expect(() => store.save('secret', true)).not.toThrow();
    expect(store.load()).toBeUndefined();
  });
});
