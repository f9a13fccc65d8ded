import { Body, Controller, Delete, Get, Inject, Param, Patch, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  additionalCardSchema,
  bankAccountOwnerRemovalSchema,
  CURRENCY_CODES,
  createFinancialRecordSchema,
  editCardSchema,
  editFinancialRecordDocumentSchema,
  EntityType,
  FinancialInputMessage,
  financialRecordIdParamsSchema,
  financialRecordResponseSchema,
  idOf,
  ownerIdSchema,
  parseOrThrow,
  personIdSchema,
  removeCardSchema,
  renameFinancialRecordSchema,
  type AdditionalCard,
  type CreateFinancialRecord,
  type EditCardInput,
} from '@meridian/domain';
import { ApiRoute, ValidBody, ValidParams, ValidQuery } from '../../../common/http/api-route.js';
import { FinancialRecordsService, type PartyRole } from './financial-records.service.js';

const TAGS = ['financial-records'];

type RecordParams = z.infer<typeof financialRecordIdParamsSchema>;
const investmentAccountParams = z.object({
  accountId: idOf([EntityType.investmentAccount], 'Invalid investment account id'),
});
/** Checked together with the body by the spec's schema, so a blank id gets 'Bank Account ID is required'. */
const bankAccountParams = z.object({ bankAccountId: z.string() });
const creditCardParams = z.object({ creditCardId: idOf([EntityType.creditCardAccount], 'Invalid credit card id') });
const realEstateParams = z.object({
  realEstateId: idOf([EntityType.clientRealEstate], 'Invalid real estate property id'),
});
const ownerBody = z.object({ ownerId: ownerIdSchema });
const personBody = z.object({ personId: personIdSchema });
const recordQuery = z.object({
  currency: z.enum(CURRENCY_CODES, { error: FinancialInputMessage.currencyInvalid }).optional(),
});

const recordRoute = (summary: string, extra: { body?: z.ZodType; errors?: number[] } = {}) =>
  ApiRoute({
    summary,
    tags: TAGS,
    permission: 'FINANCIALS_WRITE',
    params: financialRecordIdParamsSchema,
    response: financialRecordResponseSchema,
    ...extra,
    errors: [404, ...(extra.errors ?? [])],
  });

/**
 * The spec's financial-record calls (foundations §7), mounted under /api/financial-records: the
 * bare `/{financialRecordId}/...` shapes and the typed `/investment-accounts`, `/bank-accounts`,
 * `/credit-cards` and `/real-estate-properties` shapes alike (docs/DECISIONS.md).
 */
@Controller('financial-records')
export class FinancialRecordsController {
  constructor(@Inject(FinancialRecordsService) private readonly records: FinancialRecordsService) {}

  @Post()
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Create a financial record of any of the twelve types, with its owners',
    tags: TAGS,
    body: createFinancialRecordSchema,
    response: financialRecordResponseSchema,
    status: 201,
    errors: [404],
  })
  create(@ValidBody() body: CreateFinancialRecord) {
    return this.records.create(body);
  }

  @Get(':financialRecordId')
  @ApiRoute({
    permission: 'FINANCIALS_READ',
    summary: 'A financial record with its owners, parties, own fields, payout and value (optionally converted)',
    tags: TAGS,
    params: financialRecordIdParamsSchema,
    query: recordQuery,
    response: financialRecordResponseSchema,
    errors: [404],
  })
  get(@ValidParams() params: RecordParams, @ValidQuery() query: z.infer<typeof recordQuery>) {
    return this.records.get(params.financialRecordId, query.currency);
  }

  @Patch(':financialRecordId')
  @recordRoute('Edit a record’s common and own fields (the type cannot change); null clears an optional field', {
    body: editFinancialRecordDocumentSchema,
  })
  // The body is checked against the stored record's type, so it is parsed by the service.
  edit(@ValidParams() params: RecordParams, @Body() body: unknown) {
    return this.records.edit(params.financialRecordId, body ?? {});
  }

  @Patch(':financialRecordId/rename')
  @recordRoute('Rename a record (its nickname)', { body: renameFinancialRecordSchema })
  rename(@ValidParams() params: RecordParams, @ValidBody() body: z.infer<typeof renameFinancialRecordSchema>) {
    return this.records.rename(params.financialRecordId, body.nickname);
  }

  @Delete(':financialRecordId/soft-delete')
  @ApiRoute({
    permission: 'FINANCIALS_DELETE',
    summary: 'Soft-delete a record: it leaves every view but stays in the database and the audit log',
    tags: TAGS,
    params: financialRecordIdParamsSchema,
    status: 204,
    errors: [404],
  })
  async softDelete(@ValidParams() params: RecordParams): Promise<void> {
    await this.records.softDelete(params.financialRecordId);
  }

  @Patch(':financialRecordId/add-owner')
  @recordRoute(
    'Add an owner to a record of any type (a person, corporation, trust or foundation of the household, as the type allows)',
    { body: ownerBody, errors: [409] },
  )
  addOwner(@ValidParams() params: RecordParams, @ValidBody() body: z.infer<typeof ownerBody>) {
    return this.records.addOwner(params.financialRecordId, 'ANY', body.ownerId, 'ownerId');
  }

  @Patch(':financialRecordId/remove-owner')
  @recordRoute('Remove an owner from a record of any type', { body: ownerBody })
  removeOwner(@ValidParams() params: RecordParams, @ValidBody() body: z.infer<typeof ownerBody>) {
    return this.records.removeOwner(params.financialRecordId, 'ANY', body.ownerId);
  }

  @Patch(':financialRecordId/add-borrower')
  @recordRoute('Add a borrower (a person of the household) to a liability', { body: personBody, errors: [409] })
  addBorrower(@ValidParams() params: RecordParams, @ValidBody() body: z.infer<typeof personBody>) {
    return this.party(params, body, 'BORROWER', 'add');
  }

  @Patch(':financialRecordId/remove-borrower')
  @recordRoute('Remove a borrower from a liability', { body: personBody })
  removeBorrower(@ValidParams() params: RecordParams, @ValidBody() body: z.infer<typeof personBody>) {
    return this.party(params, body, 'BORROWER', 'remove');
  }

  @Patch(':financialRecordId/add-cosigner')
  @recordRoute('Add a cosigner (a person of the household) to a liability', { body: personBody, errors: [409] })
  addCosigner(@ValidParams() params: RecordParams, @ValidBody() body: z.infer<typeof personBody>) {
    return this.party(params, body, 'COSIGNER', 'add');
  }

  @Patch(':financialRecordId/remove-cosigner')
  @recordRoute('Remove a cosigner from a liability', { body: personBody })
  removeCosigner(@ValidParams() params: RecordParams, @ValidBody() body: z.infer<typeof personBody>) {
    return this.party(params, body, 'COSIGNER', 'remove');
  }

  @Patch('investment-accounts/:accountId/owners/add')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary:
      'Add an owner to an investment account (the kinds its account type allows; never joint for FHSA, 529, ...)',
    tags: TAGS,
    params: investmentAccountParams,
    body: ownerBody,
    response: financialRecordResponseSchema,
    errors: [404, 409],
  })
  addInvestmentOwner(
    @ValidParams() params: z.infer<typeof investmentAccountParams>,
    @ValidBody() body: z.infer<typeof ownerBody>,
  ) {
    return this.records.addOwner(params.accountId, 'INVESTMENT_ACCOUNT', body.ownerId, 'ownerId');
  }

  @Patch('investment-accounts/:accountId/owners/remove')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Remove an owner from an investment account',
    tags: TAGS,
    params: investmentAccountParams,
    body: ownerBody,
    response: financialRecordResponseSchema,
    errors: [404],
  })
  removeInvestmentOwner(
    @ValidParams() params: z.infer<typeof investmentAccountParams>,
    @ValidBody() body: z.infer<typeof ownerBody>,
  ) {
    return this.records.removeOwner(params.accountId, 'INVESTMENT_ACCOUNT', body.ownerId);
  }

  @Patch('bank-accounts/:bankAccountId/add-owner')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Add a person of the household as an owner of a bank account (always joint-capable)',
    tags: TAGS,
    params: bankAccountParams,
    body: personBody,
    response: financialRecordResponseSchema,
    errors: [404, 409],
  })
  addBankOwner(@Param('bankAccountId') bankAccountId: string, @ValidBody() body: z.infer<typeof personBody>) {
    const { bankAccountId: id } = parseOrThrow(bankAccountOwnerRemovalSchema.pick({ bankAccountId: true }), {
      bankAccountId,
    });
    return this.records.addOwner(id, 'BANK_ACCOUNT', body.personId, 'personId');
  }

  @Patch('bank-accounts/:bankAccountId/remove-owner')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Remove an owner (person, corporation, trust or foundation) from a bank account',
    tags: TAGS,
    params: bankAccountParams,
    body: z.object({ entityId: z.string() }),
    response: financialRecordResponseSchema,
    errors: [404],
  })
  removeBankOwner(@Param('bankAccountId') bankAccountId: string, @Body() body: { entityId?: unknown } | undefined) {
    const input = parseOrThrow(bankAccountOwnerRemovalSchema, { bankAccountId, entityId: body?.entityId });
    return this.records.removeOwner(input.bankAccountId, 'BANK_ACCOUNT', input.entityId);
  }

  @Patch('credit-cards/:creditCardId/add-additional-card')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Add an additional card to a credit card (description, first and last four digits)',
    tags: TAGS,
    params: creditCardParams,
    body: additionalCardSchema,
    response: financialRecordResponseSchema,
    errors: [404],
  })
  addAdditionalCard(@ValidParams() params: z.infer<typeof creditCardParams>, @ValidBody() body: AdditionalCard) {
    return this.records.addAdditionalCard(params.creditCardId, body);
  }

  @Patch('credit-cards/:creditCardId/edit-card')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Edit an additional card of a credit card',
    tags: TAGS,
    params: creditCardParams,
    body: editCardSchema,
    response: financialRecordResponseSchema,
    errors: [404],
  })
  editCard(@ValidParams() params: z.infer<typeof creditCardParams>, @ValidBody() body: EditCardInput) {
    return this.records.editAdditionalCard(params.creditCardId, body);
  }

  @Patch('credit-cards/:creditCardId/remove-card')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Remove an additional card from a credit card',
    tags: TAGS,
    params: creditCardParams,
    body: removeCardSchema,
    response: financialRecordResponseSchema,
    errors: [404],
  })
  removeCard(
    @ValidParams() params: z.infer<typeof creditCardParams>,
    @ValidBody() body: z.infer<typeof removeCardSchema>,
  ) {
    return this.records.removeAdditionalCard(params.creditCardId, body.cardId);
  }

  @Patch('real-estate-properties/:realEstateId/add-owner')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Add a person of the household as an owner of a real estate property',
    tags: TAGS,
    params: realEstateParams,
    body: personBody,
    response: financialRecordResponseSchema,
    errors: [404, 409],
  })
  addRealEstateOwner(
    @ValidParams() params: z.infer<typeof realEstateParams>,
    @ValidBody() body: z.infer<typeof personBody>,
  ) {
    return this.records.addOwner(params.realEstateId, 'REAL_ESTATE_PROPERTY', body.personId, 'personId');
  }

  @Patch('real-estate-properties/:realEstateId/remove-owner')
  @ApiRoute({
    permission: 'FINANCIALS_WRITE',
    summary: 'Remove a person from the owners of a real estate property',
    tags: TAGS,
    params: realEstateParams,
    body: personBody,
    response: financialRecordResponseSchema,
    errors: [404],
  })
  removeRealEstateOwner(
    @ValidParams() params: z.infer<typeof realEstateParams>,
    @ValidBody() body: z.infer<typeof personBody>,
  ) {
    return this.records.removeOwner(params.realEstateId, 'REAL_ESTATE_PROPERTY', body.personId);
  }

  private party(params: RecordParams, body: { personId: string }, role: PartyRole, action: 'add' | 'remove') {
    return action === 'add'
      ? this.records.addLiabilityParty(params.financialRecordId, body.personId, role)
      : this.records.removeLiabilityParty(params.financialRecordId, body.personId, role);
  }
}
