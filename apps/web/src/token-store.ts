/**
 * The access token stays in memory unless the user ticks "remember"; only then is it written to
 * localStorage, and unticking removes it at once.
 */
const KEY = 'pagefeed.accessToken';

export interface TokenStore {
  load(): string | undefined;
  save(token: string, remember: boolean): void;
}

export function createTokenStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined): TokenStore {
  return {
    load: () => {
      try {
        return storage?.getItem(KEY) ?? undefined;
      } catch {
        return undefined;
      }
    },
    save: (token, remember) => {
      try {
        if (remember && token) storage?.setItem(KEY, token);
        else storage?.removeItem(KEY);
      } catch {
        // Storage can be off (private mode, policy); the token then simply lives for this visit.
      }
    },
  };
}
