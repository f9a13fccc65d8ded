// The bearer token survives reloads in localStorage. Storage can be unavailable (private mode,
// blocked cookies); the app then keeps working for the current page only.
const TOKEN_KEY = 'meridian.accessToken';

let memoryToken: string | null = null;

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

export function saveToken(token: string): void {
  memoryToken = token;
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Kept in memory only.
  }
}

export function clearToken(): void {
  memoryToken = null;
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
}
