import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response. Provided around the server render
 * only (error renders included, where no loader ran); the browser hides nonces from
 * scripts, so the client reads an empty string.
 */
export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
