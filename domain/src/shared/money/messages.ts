/** Every money error message, so tests and callers pin the same text. */
export const MoneyMessage = {
  noValue: 'No value passed for money',
  invalidCurrency: (currency: unknown) => `Currency "${String(currency)}" is not valid`,
  valueNotNumber: 'Money value must be a number',
  timeNotDate: 'Money time must be a valid Date',
  divideByZero: 'Cannot divide money by zero',
  currencyMismatch: (left: string, right: string) => `Cannot combine ${left} and ${right} amounts; convert first`,
  emptySum: 'Cannot sum an empty list of money without a currency',
  ratesNotSet: 'Currency rates not set',
  noRateForCurrency: (currency: string) => `No rate found for currency ${currency}`,
  noRateForTargetCurrency: (currency: string) => `No rate found for target currency ${currency}`,
  invalidRate: (currency: string) => `Rate for ${currency} must be a positive number`,
} as const;
