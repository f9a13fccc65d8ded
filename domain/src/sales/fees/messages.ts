/** Fee engine messages; ours (the spec names none for computing fees). */
export const FeeMessage = {
  assetsNotNumber: 'Assets must be a finite number',
  assetsNegative: 'Assets must not be negative',
  annualFeeNotNumber: 'Annual fee must be a finite number',
  annualFeeNegative: 'Annual fee must not be negative',
  aumBillingFrequencyInvalid: 'AUM fees are billed annually, semi-annually, quarterly or monthly',
  tierNotNumber: 'Fee tier breakpoint and fee must be finite numbers',
  amountRequired: 'An amount with a value is needed to compute a fee',
  amountNotNumber: 'Amount must be a finite number',
  amountNegative: 'Amount must not be negative',
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD)`,
  scheduleTooLong: (limit: number) => `A payment schedule lists at most ${limit} charges; give an earlier end date`,
  currenciesDiffer: 'The one-time fee and the recurring payment must be in the same currency',
} as const;
