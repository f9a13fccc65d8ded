/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and query strings) with
 * bracketed keys, e.g. `metadata[plan]=gold`, `items[0][price]=price_123`, `expand[]=customer`.
 * `parseStripeForm` turns them into nested plain objects; a level whose keys are all indices
 * 0..n-1 (or `[]`) becomes an array. Objects have no prototype, so a key such as `__proto__` is
 * only a key.
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export class FormEncodingError extends Error {}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

function emptyObject(): FormObject {
  return Object.create(null) as FormObject;
}

export function parseStripeForm(text: string): FormObject {
  const root = emptyObject();
  for (const [key, value] of new URLSearchParams(text)) {
    const match = KEY.exec(key);
    if (match === null) throw new FormEncodingError(`Invalid parameter name: ${key}`);
    const path = [match[1]!, ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node = root;
    path.forEach((segment, index) => {
      // `expand[]=a&expand[]=b`: each empty bracket is the next index of its level.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next === 'string' || Array.isArray(next)) {
        throw new FormEncodingError(
          `Invalid parameter name: ${key} (${path.slice(0, index + 1).join('.')} is a value)`,
        );
      }
      node = next ?? (node[name] = emptyObject());
    });
  }
  return arraysOf(root) as FormObject;
}

function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = arraysOf(value[key]!);
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => value[key]!) : value;
}
