import type { FormButtonType, FormFieldKind } from './enums.js';

/** One choice of a select, radio group or multi-select. */
export interface FormOption {
  value: string;
  label: string;
}

/** Options are either listed in the definition or fetched by the client from a named source. */
export type FormOptions = { type: 'static'; options: readonly FormOption[] } | { type: 'dynamic'; source: string };

/** Show a field only while another field has (or has not) a value. */
export interface FormCondition {
  field: string;
  equals?: string;
  notEquals?: string;
}

/** A text prefix that depends on another field's value, e.g. a social site's base address. */
export interface FormPrefixByField {
  field: string;
  values: Readonly<Record<string, string>>;
}

export interface FormField {
  kind: FormFieldKind;
  /**
   * The key the value is sent under, dotted for nested values (`name.first`, `link.branch`); the
   * first segment must be in the HTTP schema. Headers and groups have none.
   */
  name?: string;
  label?: string;
  /** Text shown with the field, e.g. '0 - 100'. */
  hint?: string;
  defaultValue?: string | number | boolean;
  required?: boolean;
  /** For a TextField: the kind of input, text unless given. */
  inputType?: 'text' | 'number' | 'email' | 'tel';
  options?: FormOptions;
  prefix?: string | FormPrefixByField;
  visibleWhen?: FormCondition;
  /** The fields of a FieldGroup or of each MultipleItem entry. */
  fields?: readonly FormField[];
}

export interface FormButton {
  type: FormButtonType;
  label: string;
  color?: 'primary' | 'success' | 'danger';
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * The call a form submits to. A route parameter is written with a colon (`/contacts/:contactId`)
 * and must be listed in `params`; every field's key must be in `body`, `query` or `params`.
 */
export interface HttpSchema {
  method: HttpMethod;
  path: string;
  body?: readonly string[];
  query?: readonly string[];
  params?: readonly string[];
}

export interface FormDefinition {
  /** A stable key, e.g. `createContact`. */
  id: string;
  title: string;
  fields: readonly FormField[];
  /** The buttons, the submit button included. */
  buttons: readonly FormButton[];
  http: HttpSchema;
}

/** Static options from an enumeration, labelled by the enumeration's own label table. */
export function enumOptions<Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>>,
): FormOptions {
  return { type: 'static', options: values.map((value) => ({ value, label: labels[value] })) };
}

/** Options the client fetches from `source`. */
export function dynamicOptions(source: string): FormOptions {
  return { type: 'dynamic', source };
}

/** A submit button. */
export function submit(label: string, color: FormButton['color'] = 'primary'): FormButton {
  return { type: 'submit', label, color };
}
