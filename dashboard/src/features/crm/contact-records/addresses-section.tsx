import type { ContactResponse } from '@meridian/domain';
import { contactCalls } from '../../../api';
import { AddressForm } from './address-form';
import { PrimaryRecordsCard, type SectionProps } from './record-section';

export function AddressesSection({ contact, onChange }: SectionProps) {
  return (
    <PrimaryRecordsCard
      contact={contact}
      onChange={onChange}
      title="Addresses"
      testId="addresses"
      rowTestId="address-row"
      empty="No address yet."
      records={contact.addresses}
      recordId={(address) => address.Id}
      calls={{
        setPrimary: contactCalls.setPrimaryAddress,
        // The only address stays primary: it can be unset only while there is another.
        unsetPrimary: contact.addresses.length > 1 ? contactCalls.removePrimaryAddress : undefined,
        remove: contactCalls.removeAddress,
      }}
      show={(address) => (
        <span>
          {address.Label && <strong className="mr-1">{address.Label}:</strong>}
          {[address.Line1, address.Line2, address.City, address.Province, address.PostalCode, address.CountryName]
            .filter(Boolean)
            .join(', ')}
        </span>
      )}
    >
      <AddressForm
        testId="add-address"
        send={(body) => contactCalls.addAddress(contact.id, body)}
        onDone={(result) => onChange(result as ContactResponse)}
      />
    </PrimaryRecordsCard>
  );
}
