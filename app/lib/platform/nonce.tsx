import { createContext, type ReactNode, useContext } from "react";

const NonceContext = createContext<string>("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

/** The request's CSP nonce on the server; empty in the browser, which hides nonces anyway. */
export const useNonce = () => useContext(NonceContext);
