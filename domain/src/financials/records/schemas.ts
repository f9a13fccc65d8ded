import { z } from 'zod';
import { requiredString } from '../../shared/input/common.js';

/**
 * Financial record messages. Card digits and bank account owner removal are the spec's wording
 * (foundations §5); the description and card id messages are ours.
 */
export const FinancialRecordMessage = {
  firstFourDigits: 'First four digits should be exactly 4 numbers',
  lastFourDigits: 'Last four digits should be exactly 4 numbers',
  descriptionRequired: 'Description is required',
  cardIdRequired: 'Card ID is required',
  bankAccountIdRequired: 'Bank Account ID is required',
  entityIdRequired: 'Entity ID is required',
  nicknameRequired: 'Nickname is required',
} as const;

const FOUR_DIGITS = /^\d{4}$/;

function fourDigits(message: string) {
  return z.string({ error: message }).trim().regex(FOUR_DIGITS, message);
}

/** An additional credit card: description, first four and last four digits (foundations §3, §5). */
export const additionalCardSchema = z.object({
  description: requiredString(FinancialRecordMessage.descriptionRequired),
  firstFourDigits: fourDigits(FinancialRecordMessage.firstFourDigits),
  lastFourDigits: fourDigits(FinancialRecordMessage.lastFourDigits),
});
export type AdditionalCard = z.output<typeof additionalCardSchema>;

/** The body of `edit-card`: the card to edit and its new details. */
export const editCardSchema = additionalCardSchema.extend({
  cardId: requiredString(FinancialRecordMessage.cardIdRequired),
});
export type EditCardInput = z.output<typeof editCardSchema>;

/** The body of `remove-card`. */
export const removeCardSchema = z.object({ cardId: requiredString(FinancialRecordMessage.cardIdRequired) });

/**
 * Removing an owner from a bank account: the account (route parameter `bankAccountId`) and the
 * owner (`entityId` in the body), validated together.
 */
export const bankAccountOwnerRemovalSchema = z.object({
  bankAccountId: requiredString(FinancialRecordMessage.bankAccountIdRequired),
  entityId: requiredString(FinancialRecordMessage.entityIdRequired),
});
export type BankAccountOwnerRemoval = z.output<typeof bankAccountOwnerRemovalSchema>;

/** The body of `PATCH /{financialRecordId}/rename`. */
export const renameFinancialRecordSchema = z.object({
  nickname: requiredString(FinancialRecordMessage.nicknameRequired),
});
