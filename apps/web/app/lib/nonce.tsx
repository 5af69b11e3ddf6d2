import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response, provided while rendering on the server. In the browser it is
 * empty: the scripts that needed it have already run.
 */
const NonceContext = createContext('');

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
