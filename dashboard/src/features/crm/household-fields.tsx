import { InputField } from '../../components/fields';
import type { FieldBinding } from './use-form';

/**
 * A household's name and salutation, as both the new-household form and a household's details ask
 * for them; their test ids are `${testId}-name` and `${testId}-salutation`.
 */
export function HouseholdNameFields({
  form,
  nameLabel,
  testId,
}: {
  form: {
    id: string;
    field: (name: 'name') => FieldBinding<string>;
    values: { salutation: string };
    set: (name: 'salutation', value: string) => void;
  };
  nameLabel: string;
  testId: string;
}) {
  return (
    <>
      <InputField label={nameLabel} {...form.field('name')} testId={`${testId}-name`} required />
      <InputField
        id={`${form.id}-salutation`}
        label="Salutation"
        value={form.values.salutation}
        onChange={(value) => form.set('salutation', value)}
        testId={`${testId}-salutation`}
      />
    </>
  );
}
