import type { DebtType, FinancialRecordType, RealAssetType, SecuredLoanPurpose } from '../records/enums.js';

/** The record types that can be secured by an asset (foundations §3). */
export const SECURABLE_RECORD_TYPES = [
  'LOAN',
  'LINE_OF_CREDIT',
  'CREDIT_CARD',
] as const satisfies readonly FinancialRecordType[];
export type SecurableRecordType = (typeof SECURABLE_RECORD_TYPES)[number];

/** The asset securing a debt: its record type and, for a real asset, its real-asset type. */
export interface SecuringAsset {
  recordType: FinancialRecordType;
  realAssetType?: RealAssetType;
}

/** Real estate: a real estate property, or a real asset of type REAL_ESTATE. */
function isRealEstate(asset: SecuringAsset): boolean {
  return (
    asset.recordType === 'REAL_ESTATE_PROPERTY' ||
    (asset.recordType === 'REAL_ASSET' && asset.realAssetType === 'REAL_ESTATE')
  );
}

function isCarOrMotorcycle(asset: SecuringAsset): boolean {
  return asset.recordType === 'REAL_ASSET' && (asset.realAssetType === 'CAR' || asset.realAssetType === 'MOTORCYCLE');
}

/**
 * The secured type of a debt backed by `asset` (foundations §3): real estate gives MORTGAGE for a
 * loan and HELOC for a line of credit; a car or motorcycle gives AUTO for a loan; everything else,
 * credit cards included, gives OTHER.
 */
export function securedLoanPurpose(debt: SecurableRecordType, asset: SecuringAsset): SecuredLoanPurpose {
  if (isRealEstate(asset)) {
    if (debt === 'LOAN') return 'MORTGAGE';
    if (debt === 'LINE_OF_CREDIT') return 'HELOC';
  }
  if (isCarOrMotorcycle(asset) && debt === 'LOAN') return 'AUTO';
  return 'OTHER';
}

/**
 * The debt type of a liability record: a credit card is CREDIT_CARD, a line of credit LOC, a
 * mortgage a SECURED_LOAN, and a loan SECURED_LOAN or UNSECURED_LOAN as it is backed by an asset.
 */
export function debtTypeOf(recordType: SecurableRecordType | 'MORTGAGE', securedByAsset: boolean): DebtType {
  switch (recordType) {
    case 'CREDIT_CARD':
      return 'CREDIT_CARD';
    case 'LINE_OF_CREDIT':
      return 'LOC';
    case 'MORTGAGE':
      return 'SECURED_LOAN';
    case 'LOAN':
      return securedByAsset ? 'SECURED_LOAN' : 'UNSECURED_LOAN';
  }
}
