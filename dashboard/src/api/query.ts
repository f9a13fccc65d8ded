export type Query = Record<string, string | number | boolean | undefined>;

/** `path?a=1&b=2` from the params that have a value (undefined and '' are left out). */
export function withQuery(path: string, params: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
