import { DomainError, ErrorCode, notFound, type AddressSuggestion, type CompletedAddress } from '@meridian/domain';
import type { AddressCompletion, AddressSearch } from './address-completion.js';

/** Loqate's own address; LOQATE_BASE_URL overrides it (a fake in tests, a proxy). */
export const LOQATE_DEFAULT_BASE_URL = 'https://api.addressy.com';
const FIND_PATH = '/Capture/Interactive/Find/v1.10/json3.ws';
const RETRIEVE_PATH = '/Capture/Interactive/Retrieve/v1.20/json3.ws';
/** The firms are in Canada and the United States; so are their clients' addresses. */
const COUNTRIES = 'CA,US';
const SUGGESTION_LIMIT = 8;
const TIMEOUT_MS = 10_000;

/** One item of a Capture Interactive answer: a result, or (with `Error`) why there is none. */
interface LoqateItem {
  Error?: string;
  Description?: string;
  Cause?: string;
  Id?: string;
  Type?: string;
  Text?: string;
  Line1?: string;
  Line2?: string;
  City?: string;
  Province?: string;
  ProvinceCode?: string;
  PostalCode?: string;
  CountryName?: string;
}

export interface LoqateOptions {
  apiKey: string;
  baseUrl?: string | undefined;
  fetch?: typeof fetch;
}

/**
 * Address completion through Loqate's Capture Interactive service (the former PostCode Anywhere):
 * Find lists suggestions for the text typed (or a container's addresses), Retrieve gives the
 * chosen address in full; its id is what addresses keep as `postCodeAnywhereId`.
 */
export class LoqateAddressCompletion implements AddressCompletion {
  readonly configured = true;
  private readonly baseUrl: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: LoqateOptions) {
    this.baseUrl = (options.baseUrl ?? LOQATE_DEFAULT_BASE_URL).replace(/\/+$/, '');
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async find(search: AddressSearch): Promise<AddressSuggestion[]> {
    if (!search.text && !search.container) return [];
    const items = await this.call(FIND_PATH, {
      Text: search.text ?? '',
      ...(search.container ? { Container: search.container } : {}),
      Countries: COUNTRIES,
      Limit: String(SUGGESTION_LIMIT),
      Language: 'en',
    });
    return items
      .filter((item) => item.Id)
      .map((item) => ({
        id: item.Id!,
        // Anything but an address (a street, a building, a postcode) holds addresses to list.
        kind: item.Type === 'Address' ? ('ADDRESS' as const) : ('CONTAINER' as const),
        text: item.Text ?? '',
        description: item.Description ?? '',
      }));
  }

  async retrieve(id: string): Promise<CompletedAddress> {
    const [item] = await this.call(RETRIEVE_PATH, { Id: id });
    if (!item) throw notFound('Address');
    return {
      line1: item.Line1 ?? '',
      line2: item.Line2 || null,
      city: item.City ?? '',
      province: item.ProvinceCode || item.Province || '',
      postalCode: item.PostalCode ?? '',
      countryName: item.CountryName ?? '',
      postCodeAnywhereId: item.Id || id,
    };
  }

  /** One GET; the key travels as a query parameter, as Loqate asks, and is never logged. */
  private async call(path: string, parameters: Record<string, string>): Promise<LoqateItem[]> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries({ Key: this.options.apiKey, ...parameters })) {
      url.searchParams.set(name, value);
    }
    let response: Response;
    try {
      response = await this.fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw unavailable('could not be reached');
    }
    if (!response.ok) throw unavailable(`answered ${response.status}`);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw unavailable('answered something other than JSON');
    }
    const items = (body as { Items?: unknown }).Items;
    if (!Array.isArray(items)) throw unavailable('answered without items');
    const error = (items as LoqateItem[]).find((item) => item.Error !== undefined);
    if (error) {
      throw new DomainError(
        ErrorCode.PROVIDER_REJECTED,
        `The address provider refused the request: ${error.Description ?? `error ${error.Error}`}`,
      );
    }
    return items as LoqateItem[];
  }
}

function unavailable(what: string): DomainError {
  return new DomainError(ErrorCode.PROVIDER_UNAVAILABLE, `The address provider ${what}; try again later`);
}
