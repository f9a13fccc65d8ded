/** Pension error messages; the two benefit messages are the spec's own (foundations §8). */
export const PensionMessage = {
  otherFormula: 'Cannot calculate payout for OTHER benefit formula type',
  unknownFormula: 'Unknown benefit formula type',
  formulaRequired: 'Benefit formula type is required',
  required: (field: string) => `${field} is required`,
  notNegative: (field: string) => `${field} must not be negative`,
  notNumber: (field: string) => `${field} must be a number`,
  invalidDate: (field: string) => `${field} must be a date`,
  endBeforeStart: 'Service end date must not be before the service start date',
  penaltyCapOverHundred: 'Early retirement penalty cap must be at most 100 percent',
} as const;
