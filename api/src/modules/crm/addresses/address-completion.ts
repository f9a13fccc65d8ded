import {
  AddressCompletionMessage,
  DomainError,
  ErrorCode,
  type AddressSuggestion,
  type CompletedAddress,
} from '@meridian/domain';

/** What the user typed, or the container (a street, a building) whose addresses to list. */
export interface AddressSearch {
  text?: string | undefined;
  container?: string | undefined;
}

/**
 * An address-completion provider: suggestions as the user types, then the chosen address in full.
 * The forms offer completion only when `configured`.
 */
export interface AddressCompletion {
  readonly configured: boolean;
  find(search: AddressSearch): Promise<AddressSuggestion[]>;
  retrieve(id: string): Promise<CompletedAddress>;
}

export const ADDRESS_COMPLETION = Symbol('ADDRESS_COMPLETION');

/**
 * The default, with no provider: works offline and suggests nothing; the forms then show plain
 * fields. Retrieving answers that completion is not configured (409), never a 500.
 */
export class NoAddressCompletion implements AddressCompletion {
  readonly configured = false;

  find(): Promise<AddressSuggestion[]> {
    return Promise.resolve([]);
  }

  retrieve(): Promise<CompletedAddress> {
    return Promise.reject(new DomainError(ErrorCode.CONFLICT, AddressCompletionMessage.notConfigured));
  }
}
