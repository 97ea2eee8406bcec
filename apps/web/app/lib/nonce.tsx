import { createContext, useContext, type ReactNode } from 'react';

/**
 * The CSP nonce of this response. Only the server knows it; in the browser it is '' (browsers
 * hide nonce attributes after load, and React does not compare them during hydration).
 */
const NonceContext = createContext('');

export function NonceProvider({ nonce, children }: { nonce: string; children: ReactNode }) {
  return <NonceContext.Provider value={nonce}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
